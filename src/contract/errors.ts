/**
 * Error codes of the public interface (spec "Errors"), with our extensions (extensions.md
 * "Errors", "Vouchers") and the HTTP status each one answers with.
 *
 * Shared by the service (to build error bodies) and the kiosk (to pick a friendly message).
 */
export const ERRORS = {
  1000: { status: 500, en: 'Internal error', nl: 'Interne fout' },
  1003: { status: 422, en: 'Invalid input', nl: 'Ongeldige invoer' },
  1008: { status: 404, en: 'Shop not found', nl: 'Winkel niet gevonden' },
  1015: { status: 422, en: 'Maximum amount of credits reached', nl: 'Maximaal aantal punten bereikt' },
  1017: { status: 422, en: 'Insufficient credits', nl: 'Onvoldoende punten' },
  1018: { status: 422, en: 'The stock on this reward is empty', nl: 'De voorraad van deze beloning is op' },
  1019: {
    status: 422,
    en: 'Claim limit on this reward reached',
    nl: 'Claimlimiet van deze beloning bereikt',
  },
  1027: { status: 404, en: 'POS Transaction not found', nl: 'Kassatransactie niet gevonden' },
  1028: { status: 404, en: 'Credit reception not found', nl: 'Puntenontvangst niet gevonden' },
  1052: { status: 422, en: 'Reward is inactive', nl: 'Beloning is niet actief' },
  1100: { status: 404, en: 'Giftcard Program not found', nl: 'Cadeaukaartprogramma niet gevonden' },
  5001: { status: 404, en: 'Giftcard not found', nl: 'Cadeaukaart niet gevonden' },
  5002: { status: 422, en: 'Giftcard has expired', nl: 'Cadeaukaart is verlopen' },
  5003: { status: 422, en: 'Insufficient amount on giftcard', nl: 'Onvoldoende saldo op cadeaukaart' },
  5006: {
    status: 422,
    en: 'Giftcard cannot be incremented',
    nl: 'Cadeaukaart kan niet worden opgewaardeerd',
  },
  5008: { status: 422, en: 'Max amount will be exceeded', nl: 'Maximaal bedrag wordt overschreden' },
  5010: { status: 404, en: 'Giftcard transaction not found', nl: 'Cadeaukaarttransactie niet gevonden' },
  6001: {
    status: 409,
    en: 'POS transaction already linked to a credit reception',
    nl: 'Kassatransactie is al gekoppeld aan een puntenontvangst',
  },
  6003: { status: 404, en: 'Reward not found', nl: 'Beloning niet gevonden' },
  55021: {
    status: 422,
    en: 'Only digital giftcards can be created through the public interface',
    nl: 'Via de publieke interface kunnen alleen digitale cadeaukaarten worden aangemaakt',
  },
  55024: {
    status: 422,
    en: 'Credit reception not created by this shop',
    nl: 'Puntenontvangst is niet door deze winkel aangemaakt',
  },
  55025: {
    status: 422,
    en: "Not the giftcard's last transaction",
    nl: 'Niet de laatste transactie van de cadeaukaart',
  },
  55030: { status: 404, en: 'Subscription type not found', nl: 'Inschrijvingstype niet gevonden' },
  55031: { status: 404, en: 'Contact not found', nl: 'Contact niet gevonden' },
  55045: { status: 409, en: 'Unit already exists', nl: 'Eenheid bestaat al' },
  55046: { status: 422, en: 'No default unit found', nl: 'Geen standaardeenheid gevonden' },
  60001: {
    status: 409,
    en: 'Credit reception creation in progress',
    nl: 'Puntenontvangst wordt al aangemaakt',
  },
  60003: { status: 404, en: 'Contact identifier not found', nl: 'Contactidentificatie niet gevonden' },
  60004: { status: 422, en: 'Contact identifier inactive', nl: 'Contactidentificatie is niet actief' },
  60005: { status: 409, en: 'Contact already exists', nl: 'Contact bestaat al' },
  60006: { status: 409, en: 'Contact identifier already exists', nl: 'Contactidentificatie bestaat al' },
  60007: { status: 404, en: 'Unit not found', nl: 'Eenheid niet gevonden' },
  60014: {
    status: 409,
    en: 'Contact identifier is already linked',
    nl: 'Contactidentificatie is al gekoppeld',
  },
  80002: { status: 404, en: 'Promotion not found', nl: 'Promotie niet gevonden' },
  80004: { status: 404, en: 'Voucher not found', nl: 'Voucher niet gevonden' },
  80005: { status: 422, en: 'Voucher already redeemed', nl: 'Voucher is al ingewisseld' },
  80006: { status: 422, en: 'Voucher has expired', nl: 'Voucher is verlopen' },
  80012: { status: 422, en: 'Voucher is deactivated', nl: 'Voucher is gedeactiveerd' },
  80014: { status: 422, en: 'Voucher is inactive', nl: 'Voucher is niet actief' },
  80017: { status: 409, en: 'Voucher already locked', nl: 'Voucher is al vergrendeld' },
  80300: {
    status: 404,
    en: 'Reward not found or expired',
    nl: 'Beloning niet gevonden of verlopen',
  },
  110000: { status: 404, en: 'Perk not found', nl: 'Voordeel niet gevonden' },
} as const satisfies Record<number, { status: number; en: string; nl: string }>;

/** A numeric error code of the spec's error table or of our extensions. */
export type ErrorCode = keyof typeof ERRORS;

/**
 * Error body of every failed call (extensions.md "Errors"); not wrapped in the envelope.
 * `errors` maps a field name to its messages, present for input errors only.
 */
export interface ErrorBody {
  code: number;
  message: string;
  status_code: number;
  errors?: Record<string, string[]>;
}

/**
 * One refusal a route documents (its OpenAPI error responses and description): an error code, or
 * the code with the HTTP status it answers there when not the code's own (1003 for an unknown
 * booking answers 404) and `when` it happens, where the code's text alone is vague.
 */
export type RouteError = ErrorCode | { code: ErrorCode; status?: number; when?: string };

/**
 * The voucher refusals of a redeem (domain/vouchers.ts: not found, already redeemed, expired,
 * deactivated, inactive, locked), documented alike by the public and the portal redeem routes.
 */
export const VOUCHER_REDEEM_REFUSALS: readonly RouteError[] = [80004, 80005, 80006, 80012, 80014, 80017];
