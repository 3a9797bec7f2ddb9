import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { amountPresets } from '../../web/amount-keypad';
import { Money } from './money';

/**
 * The one-tap amounts (€ 10, € 25, € 50) beside the keypad; one outside `minInCents`…`maxInCents`
 * is not shown (a button that looks tappable and is not, is a trap); none left, no row.
 */
export function AmountPresets({
  minInCents,
  maxInCents,
  onAmount,
}: {
  minInCents: number;
  /** The most allowed; null: the portal API's maximum. */
  maxInCents: number | null;
  onAmount: (cents: number) => void;
}) {
  const { t } = useTranslation();
  const usable = amountPresets(maxInCents, minInCents).filter((preset) => preset.allowed);
  if (usable.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of choices that act at once
    <div className="presets" role="group" aria-label={t('topUp.presets')}>
      {usable.map((preset) => (
        <Button
          key={preset.cents}
          variant="secondary"
          className="preset"
          onClick={() => onAmount(preset.cents)}
          data-testid={`preset-${preset.cents}`}
        >
          <Money cents={preset.cents} />
        </Button>
      ))}
    </div>
  );
}
