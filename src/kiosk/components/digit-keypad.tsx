import { useTranslation } from 'react-i18next';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'back'] as const;

/**
 * A code of `length` digits typed on the numeric keypad (`1 2 3 / … / 0 ⌫`), shown above it as
 * typed so far with a dot for each digit still to come; the amount keypad's look. Controlled: the
 * caller keeps `value` (digits only).
 */
export function DigitKeypad({
  value,
  onChange,
  length,
  label,
  disabled = false,
}: {
  value: string;
  onChange: (value: string) => void;
  length: number;
  /** What the code is ("The code from the e-mail"). */
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'back') onChange(value.slice(0, -1));
    else if (value.length < length) onChange(value + key);
  };
  return (
    <div className="keypad" data-testid="digit-keypad">
      <output
        className="keypad-display keypad-code"
        aria-live="polite"
        aria-label={label}
        data-testid="keypad-code"
      >
        {value.padEnd(length, '·')}
      </output>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset */}
      <div className="keypad-keys" role="group" aria-label={t('keypad.label')}>
        {KEYS.map((key) =>
          key === '' ? (
            <span key="gap" aria-hidden="true" />
          ) : (
            <button
              key={key}
              type="button"
              className={key === 'back' ? 'keypad-key keypad-back' : 'keypad-key'}
              data-testid={`keypad-${key}`}
              aria-label={key === 'back' ? t('keypad.backspace') : undefined}
              disabled={disabled}
              onClick={() => press(key)}
            >
              {key === 'back' ? '⌫' : key}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
