import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../../contract/portal';
import { useVouchers } from '../../api/get-vouchers';
import { QueryContent } from '../../components/query-content';
import { VoucherCard } from '../../components/voucher-card';

/** The customer's active vouchers with their expiry; tap one to use it (confirmed first). */
export function VouchersTab({
  sessionUuid,
  onUse,
}: {
  sessionUuid: string;
  onUse: (voucher: PortalVoucher) => void;
}) {
  const { t } = useTranslation();
  const vouchers = useVouchers(sessionUuid);
  return (
    <>
      {vouchers.data && vouchers.data.length > 0 ? <p className="muted">{t('voucher.listHint')}</p> : null}
      <QueryContent query={vouchers} empty={t('voucher.none')}>
        {(items) => (
          <div className="tiles" data-testid="voucher-list">
            {items.map((voucher) => (
              <VoucherCard key={voucher.uuid} voucher={voucher} onSelect={() => onUse(voucher)} />
            ))}
          </div>
        )}
      </QueryContent>
    </>
  );
}
