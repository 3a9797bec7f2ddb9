import { useTranslation } from 'react-i18next';
import { KEYPAD_KEYS, type KeypadState, keypadCents, pressKeypadKey } from '../../web/amount-keypad';
import { decimalSeparator, formatMoney } from '../../web/format';

/**
 * The numeric keypad for an amount (`1 2 3 / 4 5 6 / 7 8 9 / , 0 ⌫`), typed as whole euros and a
 * decimal key for the cents (web/amount-keypad.ts), with the amount above it, large, as money. A key
 * that would go over `limitInCents` is refused: the amount stays (it is still valid, so no error is
 * shown) and the display nudges; the range under the keypad (amount-entry.tsx) says what the most is.
 * Controlled: the caller keeps `state`.
 */
export function AmountKeypad({
  state,
  onChange,
  limitInCents,
  label,
}: {
  state: KeypadState;
  onChange: (state: KeypadState) => void;
  /** The most that may be typed (null: the portal API's maximum). */
  limitInCents: number | null;
  /** What the amount is for ("Amount to top up"). */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="keypad" data-testid="amount-keypad">
      <output
        className={state.refused ? 'keypad-display keypad-display-refused' : 'keypad-display'}
        aria-live="polite"
        aria-label={label}
        data-testid="keypad-amount"
      >
        {formatMoney(keypadCents(state), i18n.language)}
      </output>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset */}
      <div className="keypad-keys" role="group" aria-label={t('keypad.label')}>
        {KEYPAD_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={key === 'back' ? 'keypad-key keypad-back' : 'keypad-key'}
            data-testid={`keypad-${key}`}
            aria-label={
              key === 'back' ? t('keypad.backspace') : key === 'decimal' ? t('keypad.decimal') : undefined
            }
            onClick={() => onChange(pressKeypadKey(state, key, limitInCents))}
          >
            {key === 'back' ? '⌫' : key === 'decimal' ? decimalSeparator(i18n.language) : key}
          </button>
        ))}
      </div>
    </div>
  );
}
