import { MAX_AMOUNT_IN_CENTS } from '../../kiosk/lib/amount-keypad';

/**
 * The cashier's amount pad (`1 2 3 / 4 5 6 / 7 8 9 / 00 0 ⌫`): an amount typed as digits of cents,
 * the way the payment terminal beside it does it: 2, 5, 0, 0 → 2500 (€ 25,00). `back` drops the
 * last digit. (The kiosk's customers type euros and a decimal key: kiosk/lib/amount-keypad.ts.)
 */
export const PAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'back'] as const;
export type PadKey = (typeof PAD_KEYS)[number];

/** What the keypad shows: the amount in cents, and whether the last key was refused (over the limit). */
export interface PadState {
  cents: number;
  refused: boolean;
}

export const PAD_START: PadState = { cents: 0, refused: false };

/**
 * The keypad after one key. A key that would make the amount larger than `limitInCents` (default
 * and at most MAX_AMOUNT_IN_CENTS) is refused: the amount stays and `refused` is set, so the screen
 * can say what the most is. Any accepted key clears `refused`.
 */
export function pressPadKey(state: PadState, key: PadKey, limitInCents?: number | null): PadState {
  const maxInCents = Math.min(limitInCents ?? MAX_AMOUNT_IN_CENTS, MAX_AMOUNT_IN_CENTS);
  if (key === 'back') return { cents: Math.floor(state.cents / 10), refused: false };
  const next = state.cents * (key === '00' ? 100 : 10) + Number(key);
  if (next > maxInCents) return { cents: state.cents, refused: true };
  return { cents: next, refused: false };
}
