/**
 * The amount keypad (`1 2 3 / 4 5 6 / 7 8 9 / , 0 ⌫`): an amount typed as people write it, whole
 * euros first and the decimal key before the cents: 1, 5 → € 15.00; 1, 5, `,`, 5 → € 15.50.
 * `back` drops the last key.
 */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'decimal', '0', 'back'] as const;
export type KeypadKey = (typeof KEYPAD_KEYS)[number];

/** The largest amount the portal API takes, in cents (contract/portal.ts amount fields). */
export const MAX_AMOUNT_IN_CENTS = 10_000_000;

/** The least amount typed at the kiosk when the account sets none (account setting `min_amount_in_cents`). */
export const DEFAULT_MIN_AMOUNT_IN_CENTS = 100;

/**
 * What the keypad holds: the keys typed as text (`"15"`, `"15."`, `"0.05"`; at most two digits
 * after the decimal key), and whether the last key was refused (over the limit).
 */
export interface KeypadState {
  typed: string;
  refused: boolean;
}

export const KEYPAD_START: KeypadState = { typed: '', refused: false };

/** The amount typed, in cents: "15" → 1500, "15.5" → 1550, "0.05" → 5, "" → 0. */
export function keypadCents(state: KeypadState): number {
  const [euros = '', cents = ''] = state.typed.split('.');
  return Number(euros || '0') * 100 + Number(cents.padEnd(2, '0'));
}

function typedAfter(typed: string, key: Exclude<KeypadKey, 'back'>): string {
  const decimals = typed.includes('.') ? typed.length - typed.indexOf('.') - 1 : null;
  if (key === 'decimal') return decimals === null ? `${typed || '0'}.` : typed;
  if (decimals !== null && decimals >= 2) return typed;
  // No leading zeros in the euros: 0, 5 is 5.
  return typed === '0' ? key : typed + key;
}

/**
 * The keypad after one key. A key that would make the amount larger than `limitInCents` (default
 * and at most MAX_AMOUNT_IN_CENTS) is refused: the amount stays and `refused` is set, so the screen
 * can say what the most is. A third digit after the decimal key is ignored. Any accepted key
 * clears `refused`.
 */
export function pressKeypadKey(
  state: KeypadState,
  key: KeypadKey,
  limitInCents?: number | null,
): KeypadState {
  if (key === 'back') return { typed: state.typed.slice(0, -1), refused: false };
  const maxInCents = Math.min(limitInCents ?? MAX_AMOUNT_IN_CENTS, MAX_AMOUNT_IN_CENTS);
  const next = { typed: typedAfter(state.typed, key), refused: false };
  return keypadCents(next) > maxInCents ? { ...state, refused: true } : next;
}

/**
 * Whether the amount typed may be confirmed: at least `minInCents` (the account's minimum) and
 * more than nothing. The maximum is kept by pressKeypadKey.
 */
export function keypadAmountAllowed(state: KeypadState, minInCents: number): boolean {
  const cents = keypadCents(state);
  return cents > 0 && cents >= minInCents;
}

/** The amounts offered with one tap beside the keypad (top-ups), in cents. */
export const AMOUNT_PRESETS = [1000, 2500, 5000] as const;

/** The presets, each allowed when it fits under the maximum (null: no maximum) and not under the minimum. */
export function amountPresets(
  maxInCents: number | null,
  minInCents = DEFAULT_MIN_AMOUNT_IN_CENTS,
): { cents: number; allowed: boolean }[] {
  return AMOUNT_PRESETS.map((cents) => ({
    cents,
    allowed: (maxInCents === null || cents <= maxInCents) && cents >= minInCents,
  }));
}
