import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../contract/portal';
import { Content } from '../../ui/wording';
import { formatDate } from '../../web/format';
import { MediaPicture } from './picture';

/**
 * One voucher as a card: its promotion's picture (or the drawn fallback, as a reward's), name,
 * description and expiry (not for a voucher that cannot be used: its screen says why). With
 * `onSelect` the whole card is one large button (tap to redeem); without, it is a plain list item.
 */
export function VoucherCard({ voucher, onSelect }: { voucher: PortalVoucher; onSelect?: () => void }) {
  const { t, i18n } = useTranslation();
  const body: ReactNode = (
    <>
      <MediaPicture media={voucher.media} />
      <span className="tile-body">
        <span className="tile-title">
          <Content text={voucher.name} />
        </span>
        {voucher.description ? (
          <span className="tile-text">
            <Content text={voucher.description} />
          </span>
        ) : null}
        {voucher.unusable ? null : (
          <span className="tile-note">
            {voucher.expiration_date
              ? t('voucher.validUntil', { date: formatDate(voucher.expiration_date, i18n.language) })
              : t('voucher.noExpiry')}
          </span>
        )}
      </span>
    </>
  );
  return onSelect ? (
    <button
      type="button"
      className="tile tile-action"
      onClick={onSelect}
      data-testid={`voucher-${voucher.code}`}
    >
      {body}
    </button>
  ) : (
    <div className="tile" data-testid={`voucher-${voucher.code}`}>
      {body}
    </div>
  );
}
