import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYPAD_START } from '../lib/amount-keypad';
import { AmountKeypad } from './amount-keypad';
import { Button } from './button';

/**
 * The keypad side of an amount screen: an amount typed on the keypad (at most `limit` cents, or
 * any with null) and Continue, which hands it over in cents.
 */
export function AmountEntry({
  label,
  limit,
  onAmount,
}: {
  label: string;
  limit: number | null;
  onAmount: (cents: number) => void;
}) {
  const { t } = useTranslation();
  const [keypad, setKeypad] = useState(KEYPAD_START);
  return (
    <div className="amount-main">
      <AmountKeypad state={keypad} onChange={setKeypad} limit={limit} label={label} />
      <Button
        className="keypad-continue"
        disabled={keypad.cents === 0}
        onClick={() => onAmount(keypad.cents)}
        data-testid="amount-continue"
      >
        {t('topUp.continue')}
      </Button>
    </div>
  );
}
