/**
 * The amount keypad (`1 2 3 / 4 5 6 / 7 8 9 / 00 0 ⌫`): an amount typed as digits of cents, the
 * way a payment terminal does it: 2, 5, 0, 0 → 2500 (€ 25,00). `back` drops the last digit.
 */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'back'] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/** The largest amount the portal API takes, in cents (contract/portal.ts amount fields). */
export const MAX_AMOUNT_IN_CENTS = 10_000_000;

/** What the keypad shows: the amount in cents, and whether the last key was refused (over the limit). */
export interface KeypadState {
  cents: number;
  refused: boolean;
}

export const KEYPAD_START: KeypadState = { cents: 0, refused: false };

/**
 * The keypad after one key. A key that would make the amount larger than `limit` cents (default
 * and at most MAX_AMOUNT_IN_CENTS) is refused: the amount stays and `refused` is set, so the screen
 * can say what the most is. Any accepted key clears `refused`.
 */
export function pressKeypadKey(state: KeypadState, key: KeypadKey, limit?: number | null): KeypadState {
  const max = Math.min(limit ?? MAX_AMOUNT_IN_CENTS, MAX_AMOUNT_IN_CENTS);
  if (key === 'back') return { cents: Math.floor(state.cents / 10), refused: false };
  const next = state.cents * (key === '00' ? 100 : 10) + Number(key);
  if (next > max) return { cents: state.cents, refused: true };
  return { cents: next, refused: false };
}
