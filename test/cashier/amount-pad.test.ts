import { describe, expect, it } from 'vitest';
import {
  PAD_KEYS,
  PAD_START,
  type PadKey,
  type PadState,
  pressPadKey,
} from '../../src/cashier/lib/amount-pad';
import { MAX_AMOUNT_IN_CENTS } from '../../src/kiosk/lib/amount-keypad';

const type = (keys: PadKey[], limit?: number | null, from: PadState = PAD_START) =>
  keys.reduce((state, key) => pressPadKey(state, key, limit), from);

describe("the cashier's amount pad: digits of cents, as on the payment terminal", () => {
  it('has the terminal layout 1 2 3 / 4 5 6 / 7 8 9 / 00 0 ⌫', () => {
    expect(PAD_KEYS).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'back']);
  });

  it('types cents from the right: 2 5 0 0 is € 25,00, and 00 adds two zeros', () => {
    expect(type(['2', '5', '0', '0'])).toEqual({ cents: 2500, refused: false });
    expect(type(['1', '00'])).toEqual({ cents: 100, refused: false });
    expect(type(['7'])).toEqual({ cents: 7, refused: false });
  });

  it('leading zeros stay nothing', () => {
    expect(type(['0', '00', '0'])).toEqual({ cents: 0, refused: false });
    expect(type(['0', '5'])).toEqual({ cents: 5, refused: false });
  });

  it('⌫ drops the last digit, and does nothing on an empty amount', () => {
    expect(type(['1', '2', '3', 'back'])).toEqual({ cents: 12, refused: false });
    expect(type(['back'])).toEqual({ cents: 0, refused: false });
  });

  it('refuses a key that goes over the limit, keeping the amount; the next accepted key clears it', () => {
    const state = type(['1', '0', '00'], 1000);
    expect(state).toEqual({ cents: 1000, refused: false });
    const refused = pressPadKey(state, '0', 1000);
    expect(refused).toEqual({ cents: 1000, refused: true });
    expect(pressPadKey(refused, 'back', 1000)).toEqual({ cents: 100, refused: false });
    // € 490 on a card of at most € 500: € 20 is refused at its last digit.
    expect(type(['2', '0', '0', '0'], 1000)).toEqual({ cents: 200, refused: true });
  });

  it('never goes past the portal API maximum, with or without a limit', () => {
    const max = type(['1', '00', '00', '00', '0']);
    expect(max).toEqual({ cents: MAX_AMOUNT_IN_CENTS, refused: false });
    expect(pressPadKey(max, '0')).toEqual({ cents: MAX_AMOUNT_IN_CENTS, refused: true });
    expect(pressPadKey(max, '0', 99_999_999)).toEqual({ cents: MAX_AMOUNT_IN_CENTS, refused: true });
  });
});
