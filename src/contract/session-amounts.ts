/*
 * Plain values (no zod) that the console's browser code shares with the service's schemas.
 */

/** Session types that take an amount from the cashier console (credit reception, gift-card payment, prepaid). */
export const AMOUNT_TYPES = [
  'credit_reception',
  'redeem_giftcards',
  'pay_prepaid',
  'top_up_prepaid',
] as const;
