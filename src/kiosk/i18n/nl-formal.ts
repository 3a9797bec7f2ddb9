import type { TextOverrides } from '../../ui/wording';

/**
 * The Dutch texts that address the customer as "u", for an account that sets
 * `settings.dutch_address: "u"` (a bank, a pharmacy); the kiosk speaks "je" by default, as a café does.
 * Only the texts that differ are here: everything else reads the same in both.
 */
export const nlFormal: TextOverrides = {
  common: {
    offline:
      'Even geen verbinding. Geen zorgen: wat u al hebt gedaan, blijft bewaard, en we gaan verder zodra de verbinding terug is.',
  },
  idle: {
    title: 'Bent u er nog?',
  },
  stake: {
    credit: 'Scan uw pas en spaar $t(unit.points) met deze aankoop.',
    creditAmount: 'Uw aankoop van {{amount}}: scan uw pas en spaar er $t(unit.points) mee.',
    payPrepaid: 'Betaal met uw prepaid-saldo.',
    payPrepaidAmount: 'Te betalen met uw prepaid-saldo: {{amount}}',
    topUpPrepaid: 'Waardeer uw prepaid-saldo op.',
    topUpPrepaidAmount: 'Waardeer uw prepaid-saldo op met {{amount}}, te betalen aan de kassa.',
    vouchers: 'Scan uw klantenpas om uw vouchers te zien, of scan de code van een voucher.',
    identify: 'Bekijk uw $t(unit.points), beloningen en vouchers.',
  },
  scan: {
    title: 'Scan uw pas',
    handHint: 'Houd uw klantenpas, of de code in uw app, onder de scanner.',
    cameraHint: 'Houd uw klantenpas, of de code in uw app, voor de camera.',
    cameraUnavailable: 'Camera niet beschikbaar — scan met de handscanner of gebruik uw e-mailadres',
    checking: 'Uw pas wordt gecontroleerd…',
    other: {
      giftcard:
        'Dit is een cadeaukaart. Scan uw klantenpas of de code in uw app om te laten zien wie u bent.',
      voucher: 'Dit is een voucher. Scan eerst uw klantenpas of de code in uw app om hem te gebruiken.',
      receipt_token: 'Dit is een kassabon. Scan eerst uw klantenpas of de code in uw app.',
      unknown: 'We herkennen deze code niet. Scan uw klantenpas of de code in uw app.',
    },
    receiptHeld:
      'Kassabon gelezen. Scan nu uw klantenpas of de code in uw app om de $t(unit.points) ervan te ontvangen.',
  },
  email: {
    title: 'Vul uw e-mailadres in',
  },
  register: {
    titleCard: 'Maak deze pas van u',
    titleEmail: 'Welkom! Fijn dat u er bent',
    introCard: 'Vul uw e-mailadres in, dan spaart u met deze pas bij elke aankoop $t(unit.points).',
    introEmail: 'U bent nieuw hier: meld u aan met {{email}} en spaar vandaag nog $t(unit.points).',
    subscriptions: 'Houd mij op de hoogte',
    doubleOptIn: 'We sturen u een e-mail om dit te bevestigen.',
    termsRequired: 'Vink het vakje aan om akkoord te gaan, dan bent u klaar.',
    readOnPhone: 'Scan een code met uw telefoon om hem daar te lezen.',
    submitting: 'U wordt aangemeld…',
  },
  cardNotLinked: {
    body: 'Vraag de kassamedewerker om hem voor u te koppelen.',
    bodyEmail: 'Vraag de kassamedewerker om hem te koppelen, of gebruik uw e-mailadres.',
  },
  emailUnknown: {
    title: 'We konden uw account niet vinden',
  },
  termsAsk: {
    body: 'Uw account bij {{account}} is gemaakt zonder dat u akkoord ging met de voorwaarden en het privacybeleid. Gaat u ermee akkoord?',
    proofFirst: 'Eerst kijken we of u het bent: scan uw pas, of typ de code die we u mailen.',
  },
  welcome: {
    credits: 'Uw $t(unit.points)',
    tier: 'Uw niveau',
    figures: 'Uw cijfers',
  },
  credit: {
    creating: 'Uw $t(unit.points) worden bijgeschreven…',
    waitingTitle: 'De kassamedewerker rekent uw aankoop af',
    waitingTitleName: 'Hallo {{name}}! De kassamedewerker rekent uw aankoop af',
    waitingBody: 'Uw $t(unit.points) verschijnen hier zodra de aankoop klaar is.',
    purchase: 'Uw aankoop',
    balance: 'Uw nieuwe saldo',
    balanceNow: 'U heeft nu {{credits}} $t(unit.points)',
    forPurchase: 'Voor uw aankoop van {{amount}}',
    unlocked: 'U kunt nu {{reward}} inwisselen',
  },
  terminal: {
    cancelledAfterChanges:
      'Geannuleerd. Wat u al had gedaan, blijft staan; vraag de kassamedewerker als iets niet duidelijk is.',
    endedTitle: 'Bedankt voor uw bezoek aan {{shop}}',
  },
  standby: {
    body: 'Uw scherm start zodra de kassamedewerker klaar voor u is.',
  },
  keypad: {},
  giftcard: {
    scanTitle: 'Scan uw cadeaukaart',
    cameraHint: 'Houd de code op uw cadeaukaart voor de camera.',
    handHint: 'Houd de code op uw cadeaukaart onder de scanner.',
    checking: 'Uw cadeaukaart wordt gecontroleerd…',
    typeTitle: 'Typ de code van uw cadeaukaart',
    problem: {
      expired:
        'De einddatum is voorbij, dus u kunt er niet meer mee betalen. Probeer een andere kaart of betaal aan de kassa.',
    },
    paidFullTitle: 'Alles is betaald — dank u wel!',
  },
  topUp: {
    amountTitle: 'Hoeveel wilt u erop zetten?',
    max: 'U kunt hoogstens {{amount}} op deze kaart zetten.',
    resultTitle: 'Uw cadeaukaart is opgewaardeerd',
  },
  prepaid: {
    pay_prepaid: {
      amountTitle: 'Hoeveel wilt u betalen?',
      confirmTitle: '{{amount}} betalen van uw prepaid-saldo?',
      partly: 'Uw saldo dekt {{charge}}. Betaal de resterende {{rest}} aan de kassa.',
      resultTitle: 'Betaald van uw saldo',
      rest: '{{charge}} betaald van uw saldo; betaal de resterende {{rest}} aan de kassa.',
    },
    top_up_prepaid: {
      amountTitle: 'Hoeveel wilt u erop zetten?',
      confirmTitle: '{{amount}} op uw prepaid-saldo zetten?',
      resultTitle: 'Uw saldo is opgewaardeerd',
    },
    newBalance: 'Uw nieuwe saldo',
    newBalanceIs: 'Uw nieuwe saldo: {{amount}}',
    paidPart: 'Uw prepaid-saldo betaalde {{charge}}.',
    emptyTitle: 'Uw prepaid-saldo is leeg',
  },
  choice: {
    giftcardTitle: 'Betalen met uw cadeaukaart, of opwaarderen?',
    prepaidTitle: 'Betalen met uw tegoed, of opwaarderen?',
    payPrepaidHint: 'Betaal met uw tegoed',
    payPrepaidAmountHint: 'Betaal {{amount}} met uw tegoed',
    topUpPrepaidHint: 'Zet geld op uw tegoed, betaald aan de kassa',
  },
  scanAnything: {
    title: 'Scan uw kaart, voucher, cadeaukaart of kassabon',
    receiptTitle: '$t(unit.Points) van uw kassabon ophalen',
    receiptBody: 'De $t(unit.points) van deze aankoop gaan naar uw account.',
  },
  voucher: {
    listTitle: 'Uw vouchers',
    none: 'U hebt op dit moment geen vouchers.',
    scanTitle: 'Scan uw voucher',
    cameraHint: 'Houd de code op uw voucher voor de camera.',
    handHint: 'Houd de code op uw voucher onder de scanner.',
    typeTitle: 'Typ de code van uw voucher',
    identifyHint:
      'Om hem te gebruiken moeten we weten wie u bent: daarna scant u uw klantenpas of de code in uw app.',
    other: {
      card: 'Dit is een klantenpas. Scan de code op uw voucher.',
      giftcard: 'Dit is een cadeaukaart. Scan de code op uw voucher.',
      receipt_token: 'Dit is een kassabon. Scan de code op uw voucher.',
    },
  },
  portal: {
    tabsLabel: 'Uw portaal',
  },
  verify: {
    title: 'Bevestig dat u het bent',
    introPhone:
      'Uw account opent pas op uw telefoon als u hebt laten zien dat u het echt bent: scan uw klantenpas of de code in uw app, of vraag een code per e-mail.',
    intro:
      'U hebt zich aangemeld met uw e-mailadres. Laat ons eerst zien dat u het echt bent, voordat u uw saldo, beloningen of vouchers gebruikt.',
    handHint: 'Houd uw klantenpas, of de code in uw app, onder de scanner.',
    cameraHint: 'Houd uw klantenpas, of de code in uw app, voor de camera.',
    otherCode:
      'Met deze code kunt u niet laten zien wie u bent. Scan uw eigen klantenpas of app-code, of vraag een code per e-mail.',
    codeTitle: 'Typ de code uit uw e-mail',
    attemptsLeft_one: 'U kunt het nog {{count}} keer proberen.',
    attemptsLeft_other: 'U kunt het nog {{count}} keer proberen.',
    lockedBody: 'Voor uw veiligheid stopt dit scherm na te veel pogingen. Vraag het de kassamedewerker.',
    needed: 'Bevestig eerst dat u het bent om dit te zien.',
  },
  payment: {
    waitingBody: 'Uw opwaardering wordt bijgeschreven zodra de kassamedewerker de betaling heeft ontvangen.',
  },
  rewards: {
    emailed: 'We hebben het u gemaild.',
    yours: 'Nu van u',
    creditsLeft: 'U heeft nog {{credits}} $t(unit.points).',
  },
  phone: {
    button: 'Beheer op uw telefoon',
    title: 'Beheer uw account op uw telefoon',
    lead: 'Scan deze code met de camera van uw telefoon. Uw gegevens, kaarten, e-mails en activiteit openen op uw telefoon, niet op dit scherm.',
    qrLabel: 'QR-code die uw account op uw telefoon opent',
  },
  receipt: {
    title: 'Scan de code op uw kassabon',
  },
  errors: {
    invalidInput: 'Er klopt iets niet in wat u hebt getypt. Kijkt u het nog even na.',
    cardUnknown: 'We herkennen deze pas niet. Probeer een andere pas of uw e-mailadres.',
    emailTaken: 'Er is al een account met dit e-mailadres. Ga terug en gebruik uw e-mailadres.',
    creditInProgress:
      'Uw $t(unit.points) worden op dit moment bijgeschreven. Een moment, probeer het dan opnieuw.',
    prepaidEmpty: 'Uw prepaid-saldo is leeg. Betaal aan de kassa.',
    voucherLimit: 'U hebt al een voucher van deze actie.',
    notEnoughCredits: 'U hebt niet genoeg $t(unit.points) voor deze beloning.',
    claimLimit: 'U hebt deze beloning al zo vaak ingewisseld als mag.',
    proofRequired: 'Bevestig eerst dat u het bent: scan uw pas, of gebruik de code die we u mailen.',
    emailNotEnabled: 'Uw e-mailadres kan op dit scherm niet worden gebruikt. Scan uw klantenpas of app-code.',
    paymentAwaited: 'Uw opwaardering wacht op de betaling aan de kassa.',
  },
};
