import { useTranslation } from 'react-i18next';
import { useVouchers } from '../../api/get-vouchers';
import { QueryContent } from '../../components/query-content';
import { VoucherCard } from '../../components/voucher-card';

/** The customer's active vouchers with their expiry (redeemed at the cashier or in a vouchers session). */
export function VouchersTab({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation();
  const vouchers = useVouchers(sessionUuid);
  return (
    <QueryContent query={vouchers} empty={t('voucher.none')}>
      {(items) => (
        <div className="tiles" data-testid="voucher-list">
          {items.map((voucher) => (
            <VoucherCard key={voucher.uuid} voucher={voucher} />
          ))}
        </div>
      )}
    </QueryContent>
  );
}
