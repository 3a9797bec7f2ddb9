import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../kiosk/lib/format';
import { PAD_KEYS, type PadState, pressPadKey } from '../lib/amount-pad';

/**
 * The amount keypad (`1 2 3 / 4 5 6 / 7 8 9 / 00 0 ⌫`), typed as digits of cents as on a payment
 * terminal (lib/amount-pad.ts): 1, 2, 7, 5 → € 12,75. Physical number keys work too.
 */
export function AmountPad({
  state,
  onChange,
  label,
  testId,
}: {
  state: PadState;
  onChange: (state: PadState) => void;
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
        {formatMoney(state.cents, i18n.language)}
      </output>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset */}
      <div
        className="amount-keys"
        role="group"
        aria-label={t('keypad.label')}
        onKeyDown={(event) => {
          const key = event.key === 'Backspace' ? 'back' : event.key;
          if ((PAD_KEYS as readonly string[]).includes(key)) {
            event.preventDefault();
            onChange(pressPadKey(state, key as (typeof PAD_KEYS)[number]));
          }
        }}
      >
        {PAD_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={key === 'back' ? 'amount-key amount-back' : 'amount-key'}
            data-testid={`${testId}-${key}`}
            aria-label={key === 'back' ? t('keypad.backspace') : undefined}
            onClick={() => onChange(pressPadKey(state, key))}
          >
            {key === 'back' ? '⌫' : key}
          </button>
        ))}
      </div>
      {state.refused ? (
        <p className="form-error" role="alert">
          {t('keypad.limit', { amount: formatMoney(10_000_000, i18n.language) })}
        </p>
      ) : null}
    </div>
  );
}
