import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { KEYPAD_START, keypadAmountAllowed, keypadCents } from '../../web/amount-keypad';
import { formatMoney } from '../../web/format';
import { AmountKeypad } from './amount-keypad';

/**
 * The keypad side of an amount screen: an amount typed on the keypad, between `minInCents` (the
 * account's minimum, said under the keypad) and `limitInCents` (or the portal API's maximum with
 * null), the range it may be in (the least, and the most when there is a limit), and Continue,
 * which hands it over in cents.
 */
export function AmountEntry({
  label,
  minInCents,
  limitInCents,
  onAmount,
}: {
  label: string;
  minInCents: number;
  limitInCents: number | null;
  onAmount: (cents: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const [keypad, setKeypad] = useState(KEYPAD_START);
  return (
    <div className="amount-main">
      <AmountKeypad state={keypad} onChange={setKeypad} limitInCents={limitInCents} label={label} />
      {/* The allowed range, always in view; it stands out (and is read out) when a key went over it. */}
      <p
        className={keypad.refused ? 'keypad-range keypad-range-refused' : 'keypad-range muted'}
        role="status"
        data-testid="keypad-min"
        data-refused={keypad.refused || undefined}
      >
        {limitInCents === null
          ? t('keypad.min', { amount: formatMoney(minInCents, i18n.language) })
          : t('keypad.range', {
              min: formatMoney(minInCents, i18n.language),
              max: formatMoney(limitInCents, i18n.language),
            })}
      </p>
      <Button
        className="keypad-continue"
        disabled={!keypadAmountAllowed(keypad, minInCents)}
        onClick={() => onAmount(keypadCents(keypad))}
        data-testid="amount-continue"
      >
        {t('topUp.continue')}
      </Button>
    </div>
  );
}
