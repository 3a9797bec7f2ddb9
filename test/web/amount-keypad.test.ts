import { describe, expect, it } from 'vitest';
import {
  amountPresets,
  KEYPAD_KEYS,
  KEYPAD_START,
  type KeypadKey,
  type KeypadState,
  keypadAmountAllowed,
  keypadCents,
  MAX_AMOUNT_IN_CENTS,
  pressKeypadKey,
} from '../../src/web/amount-keypad';

const type = (keys: KeypadKey[], limit?: number | null, from: KeypadState = KEYPAD_START) =>
  keys.reduce((state, key) => pressKeypadKey(state, key, limit), from);
const cents = (keys: KeypadKey[], limit?: number | null) => keypadCents(type(keys, limit));

describe('the kiosk amount keypad: whole euros, a decimal key for cents', () => {
  it('has the layout 1 2 3 / 4 5 6 / 7 8 9 / , 0 ⌫', () => {
    expect(KEYPAD_KEYS).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'decimal', '0', 'back']);
  });

  it('digits are whole euros: 1, 5 is € 15.00; 2, 0, 0 is € 200.00', () => {
    expect(cents(['1', '5'])).toBe(1500);
    expect(cents(['2', '0', '0'])).toBe(20000);
    expect(cents([])).toBe(0);
  });

  it('the decimal key starts the cents, at most two of them', () => {
    expect(cents(['1', '5', 'decimal', '5'])).toBe(1550);
    expect(cents(['1', '5', 'decimal', '0', '5'])).toBe(1505);
    expect(type(['1', 'decimal', '2', '5', '9'])).toEqual({ typed: '1.25', refused: false });
    expect(type(['1', 'decimal', 'decimal', '5'])).toEqual({ typed: '1.5', refused: false });
  });

  it('a decimal key first means zero euros; leading zeros stay nothing', () => {
    expect(type(['decimal', '5', '0'])).toEqual({ typed: '0.50', refused: false });
    expect(cents(['decimal', '5', '0'])).toBe(50);
    expect(type(['0', '0', '7'])).toEqual({ typed: '7', refused: false });
  });

  it('⌫ drops the last key, and does nothing on an empty amount', () => {
    expect(cents(['1', '5', 'decimal', '5', 'back'])).toBe(1500);
    expect(type(['1', '5', 'decimal', 'back'])).toEqual({ typed: '15', refused: false });
    expect(type(['1', '2', '3', 'back'])).toEqual({ typed: '12', refused: false });
    expect(type(['back'])).toEqual(KEYPAD_START);
  });

  it('refuses a key that goes over the limit, keeping the amount; the next accepted key clears it', () => {
    // € 490 on a card of at most € 500: € 20 is refused at its second digit.
    const refused = type(['2', '0'], 1000);
    expect(refused).toEqual({ typed: '2', refused: true });
    expect(pressKeypadKey(refused, 'decimal', 1000)).toEqual({ typed: '2.', refused: false });
    expect(type(['1', '0', 'decimal', '0', '1'], 1000)).toEqual({ typed: '10.0', refused: true });
  });

  it('never goes past the portal API maximum, with or without a limit', () => {
    const max = type(['1', '0', '0', '0', '0', '0']);
    expect(keypadCents(max)).toBe(MAX_AMOUNT_IN_CENTS);
    expect(pressKeypadKey(max, '0')).toEqual({ ...max, refused: true });
    expect(pressKeypadKey(max, '0', 99_999_999)).toEqual({ ...max, refused: true });
  });

  it('an amount under the minimum (€ 1 unless the account sets another) cannot be confirmed', () => {
    expect(keypadAmountAllowed(KEYPAD_START, 100)).toBe(false);
    expect(keypadAmountAllowed(type(['decimal', '9', '9']), 100)).toBe(false);
    expect(keypadAmountAllowed(type(['1']), 100)).toBe(true);
    expect(keypadAmountAllowed(type(['4']), 500)).toBe(false);
    expect(keypadAmountAllowed(type(['decimal', '0', '1']), 1)).toBe(true);
  });

  it('presets € 10, € 25, € 50, each allowed between the minimum and the maximum', () => {
    expect(amountPresets(null)).toEqual([
      { cents: 1000, allowed: true },
      { cents: 2500, allowed: true },
      { cents: 5000, allowed: true },
    ]);
    expect(amountPresets(1000).map((p) => p.allowed)).toEqual([true, false, false]);
    expect(amountPresets(null, 2000).map((p) => p.allowed)).toEqual([false, true, true]);
  });
});
