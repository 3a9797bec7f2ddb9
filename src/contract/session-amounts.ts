/*
 * Plain values (no zod) that the console's browser code shares with the service's schemas.
 */

/**
 * Session types that take an amount from the cashier console (credit reception, gift-card payment,
 * prepaid, gift-card top-up).
 */
export const AMOUNT_TYPES = [
  'credit_reception',
  'redeem_giftcards',
  'pay_prepaid',
  'top_up_prepaid',
  'top_up_giftcards',
] as const;

/** Session types whose money the till collects: the console holds them until its "Received". */
export const TOP_UP_TYPES = ['top_up_prepaid', 'top_up_giftcards'] as const;
