import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../web/format';
import { useCountTo } from '../hooks/use-count-to';

/**
 * An amount in euro cents, written the way the screen's language writes money; with `from`, it
 * counts from there to `cents` as the screen appears (use-count-to.ts).
 */
export function Money({ cents, from = cents }: { cents: number; from?: number }) {
  const { i18n } = useTranslation();
  const shown = useCountTo(cents, from);
  return <span className="money count-change">{formatMoney(shown, i18n.language)}</span>;
}
