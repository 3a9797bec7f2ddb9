import { useTranslation } from 'react-i18next';
import { formatCredits } from '../lib/format';

/** A number of credits, written the way the screen's language writes numbers. */
export function Credits({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className="credits">{formatCredits(value, i18n.language)}</span>;
}
