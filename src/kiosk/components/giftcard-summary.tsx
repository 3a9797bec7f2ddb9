import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../contract/portal';
import { formatDate } from '../lib/format';
import { Money } from './money';

/** A scanned gift card: which one (its last 4 characters), its balance and its expiry date. */
export function GiftcardSummary({ giftcard }: { giftcard: PortalGiftcard }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="stats" data-testid="giftcard-summary">
      <div className="stat stat-main" data-testid="giftcard-balance">
        <dt>{t('giftcard.balance', { hint: giftcard.hash_hint })}</dt>
        <dd>
          <Money cents={giftcard.balance_in_cents} />
        </dd>
      </div>
      <div className="stat" data-testid="giftcard-expiry">
        <dt>{t('giftcard.validUntil')}</dt>
        <dd className="stat-text">
          {giftcard.expiration_date
            ? formatDate(giftcard.expiration_date, i18n.language)
            : t('giftcard.noExpiry')}
        </dd>
      </div>
    </dl>
  );
}
