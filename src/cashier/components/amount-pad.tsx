import { useTranslation } from 'react-i18next';
import {
  KEYPAD_KEYS,
  type KeypadKey,
  type KeypadState,
  keypadCents,
  MAX_AMOUNT_IN_CENTS,
  pressKeypadKey,
} from '../../web/amount-keypad';
import { decimalSeparator, formatMoney } from '../../web/format';

/** A physical key as a keypad key: digits, `.` or `,` (the decimal key), Backspace. */
function keypadKeyOf(key: string): KeypadKey | null {
  if (key === 'Backspace') return 'back';
  if (key === '.' || key === ',') return 'decimal';
  return (KEYPAD_KEYS as readonly string[]).includes(key) ? (key as KeypadKey) : null;
}

/**
 * The amount keypad (`1 2 3 / 4 5 6 / 7 8 9 / , 0 ⌫`), the kiosk's convention: whole euros, then the
 * decimal key for the cents (web/amount-keypad.ts): 1, 2, `,`, 7, 5 → € 12,75. Physical number
 * keys work too. Controlled: the caller keeps `state`.
 */
export function AmountPad({
  state,
  onChange,
  label,
  testId,
}: {
  state: KeypadState;
  onChange: (state: KeypadState) => void;
  label: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('cashier');
  return (
    <div className="amount-pad" data-testid={testId}>
      <output
        className="amount-display"
        aria-live="polite"
        aria-label={label}
        data-testid={`${testId}-value`}
      >
        {formatMoney(keypadCents(state), i18n.language)}
      </output>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset */}
      <div
        className="amount-keys"
        role="group"
        aria-label={t('keypad.label')}
        onKeyDown={(event) => {
          const key = keypadKeyOf(event.key);
          if (key) {
            event.preventDefault();
            onChange(pressKeypadKey(state, key));
          }
        }}
      >
        {KEYPAD_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={key === 'back' ? 'amount-key amount-back' : 'amount-key'}
            data-testid={`${testId}-${key}`}
            aria-label={
              key === 'back' ? t('keypad.backspace') : key === 'decimal' ? t('keypad.decimal') : undefined
            }
            onClick={() => onChange(pressKeypadKey(state, key))}
          >
            {key === 'back' ? '⌫' : key === 'decimal' ? decimalSeparator(i18n.language) : key}
          </button>
        ))}
      </div>
      {state.refused ? (
        <p className="form-error" role="alert">
          {t('keypad.limit', { amount: formatMoney(MAX_AMOUNT_IN_CENTS, i18n.language) })}
        </p>
      ) : null}
    </div>
  );
}
