import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../contract/portal';
import { formatDate } from '../../web/format';
import { Money } from './money';

/**
 * A scanned gift card: which one (its last 4 characters), its balance and its expiry date. A
 * balance it cannot pay with (`unusable`: expired, not active) is greyed and struck, and not the
 * screen's large figure: what went wrong is.
 */
export function GiftcardSummary({
  giftcard,
  unusable = false,
}: {
  giftcard: PortalGiftcard;
  unusable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="stats" data-testid="giftcard-summary">
      <div
        className={unusable ? 'stat' : 'stat stat-main'}
        data-testid="giftcard-balance"
        data-unusable={unusable || undefined}
      >
        <dt>{t('giftcard.balance', { hint: giftcard.hash_hint })}</dt>
        <dd className={unusable ? 'ui-unusable' : undefined}>
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
