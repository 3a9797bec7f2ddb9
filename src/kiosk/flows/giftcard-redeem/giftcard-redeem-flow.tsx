import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard, PortalSessionState } from '../../../contract/portal';
import { formatMoney } from '../../../web/format';
import { redeemGiftcardAction } from '../../api/redeem-giftcard';
import { scanGiftcardAction } from '../../api/scan-giftcard';
import { GiftcardPaymentTotals } from '../../components/giftcard-payment-totals';
import { IdleGuard } from '../../components/idle-guard';
import { Money } from '../../components/money';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { useScanner } from '../../hooks/use-scanner';
import { canUseAnotherCard, emptyPayment, redeemProblem } from '../../lib/giftcards';
import type { IdleRule } from '../../lib/idle-rule';
import { GiftcardCapture } from '../../screens/giftcard-capture';
import { GiftcardCardScreen } from './giftcard-card-screen';
import { GiftcardPaidScreen } from './giftcard-paid-screen';
import { firstRedeemStep, type RedeemStep } from './redeem-step';

/**
 * The `redeem_giftcards` session: pay the session's amount with one or more gift cards. Scan a
 * card, see its balance, pay min(balance, remaining) with it, then another card while something
 * remains (when the session allows several), or Done. Progress comes from the session
 * (giftcard_payment), so a reload, a reconnect or a standby screen shows the service's. Left alone,
 * a scanned card's screen ends the session (completed once a card has paid, else cancelled), the
 * payment's outcome completes it, and the first scan starts over (lib/idle-rule.ts).
 */
export default function GiftcardRedeemFlow({
  session,
  giftcard,
}: {
  session: PortalSessionState;
  /** A card scanned before the flow (a scan-anything session): its screen comes first. */
  giftcard?: PortalGiftcard;
}) {
  const { t, i18n } = useTranslation();
  const { state, round, go, reset } = useFlowStore<RedeemStep>(() =>
    giftcard && firstRedeemStep(session).step === 'scan'
      ? { step: 'card', giftcard }
      : firstRedeemStep(session),
  );
  const progress = session.giftcard_payment ?? emptyPayment(session.amount_in_cents);
  const paidSome = progress.payments.length > 0;
  // Part paid: "I'm done" asks once more, saying what is still to pay at the till.
  const { finish, footer } = useFlowFinish(
    session,
    paidSome && progress.remaining_in_cents > 0
      ? t('giftcard.payRestAtTill', { amount: formatMoney(progress.remaining_in_cents, i18n.language) })
      : null,
  );
  const anotherCard = canUseAnotherCard(progress, session.settings.allow_multiple_giftcards);
  const scan = useAction(scanGiftcardAction, (giftcard: PortalGiftcard) => go({ step: 'card', giftcard }));
  const redeem = useAction(redeemGiftcardAction, () => go({ step: 'paid' }));
  const toScan = () => {
    scan.clear();
    redeem.clear();
    go({ step: 'scan', capture: 'scan' });
  };

  // Nothing left to pay (the service says so, e.g. after a reconnect): no card screen offers more.
  const step = state.step === 'card' && progress.remaining_in_cents <= 0 ? { step: 'paid' as const } : state;
  // Where the next thing to do is another card (this one cannot pay, or part is paid), the hand
  // scanner reads it without a tap on "Scan another card".
  const nextCardWanted =
    (step.step === 'card' && redeemProblem(step.giftcard) !== null) || (step.step === 'paid' && anotherCard);
  useScanner((value) => scan.run({ value }), !nextCardWanted || scan.pending);
  let screen: ReactNode;
  let rule: IdleRule;
  switch (step.step) {
    case 'scan':
      rule = paidSome ? 'customer' : 'start';
      screen = (
        <GiftcardCapture
          key={round}
          title={t(paidSome ? 'giftcard.scanAnotherTitle' : 'giftcard.scanTitle')}
          scan={scan}
          settings={session.settings}
          mode={step.capture}
          onMode={(capture) => go({ step: 'scan', capture })}
          intro={
            paidSome ? (
              <GiftcardPaymentTotals progress={progress} />
            ) : (
              <p className="amount-due" data-testid="amount-due">
                {t('giftcard.toPay')} <Money cents={progress.remaining_in_cents} />
              </p>
            )
          }
          onBack={paidSome ? () => go({ step: 'paid' }) : undefined}
          footer={footer}
        />
      );
      break;
    case 'card':
      rule = 'customer';
      screen = (
        <GiftcardCardScreen
          giftcard={step.giftcard}
          remainingInCents={progress.remaining_in_cents}
          onPay={() => redeem.run({ giftcard_uuid: step.giftcard.uuid })}
          paying={redeem.pending}
          error={redeem.error ?? scan.error}
          onOtherCard={toScan}
          footer={footer}
        />
      );
      break;
    case 'paid':
      // A choice left (another card for the rest) gets the idle time; a finished payment is a result.
      rule = anotherCard ? 'customer' : 'result';
      screen = (
        <GiftcardPaidScreen
          progress={progress}
          onAnotherCard={anotherCard ? toScan : undefined}
          {...finish}
          error={finish.error ?? scan.error}
        />
      );
      break;
  }
  return (
    <>
      {screen}
      <IdleGuard session={session} rule={rule} screen={`${step.step}-${round}`} onReset={reset} />
    </>
  );
}
