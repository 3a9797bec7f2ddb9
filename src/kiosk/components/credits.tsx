import { useTranslation } from 'react-i18next';
import { formatCredits } from '../../web/format';
import { useCountTo } from '../hooks/use-count-to';

/**
 * A number of credits, written the way the screen's language writes numbers; with `from`, it counts
 * from there to `value` as the screen appears (use-count-to.ts).
 */
export function Credits({ value, from = value }: { value: number; from?: number }) {
  const { i18n } = useTranslation();
  const shown = useCountTo(value, from, Number.isInteger(value) && Number.isInteger(from) ? 1 : 0.01);
  return <span className="credits count-change">{formatCredits(shown, i18n.language)}</span>;
}
