import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/format';

/** An amount in euro cents, written the way the screen's language writes money. */
export function Money({ cents }: { cents: number }) {
  const { i18n } = useTranslation();
  return <span className="money">{formatMoney(cents, i18n.language)}</span>;
}
