import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { QueryContent } from '../../components/query-content';
import { Screen } from '../../components/screen';
import { VoucherCard } from '../../components/voucher-card';

/** The customer's active vouchers as cards to tap, and "Scan a voucher" for a paper one. */
export function VoucherListScreen({
  query,
  onSelect,
  onScan,
  footer,
}: {
  query: UseQueryResult<PortalVoucher[]>;
  onSelect: (voucher: PortalVoucher) => void;
  onScan: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t('voucher.listTitle')} testId="screen-vouchers" footer={footer}>
      {query.data && query.data.length > 0 ? <p className="lead">{t('voucher.listHint')}</p> : null}
      <QueryContent query={query} empty={t('voucher.none')}>
        {(vouchers) => (
          <div className="tiles" data-testid="voucher-list">
            {vouchers.map((voucher) => (
              <VoucherCard key={voucher.uuid} voucher={voucher} onSelect={() => onSelect(voucher)} />
            ))}
          </div>
        )}
      </QueryContent>
      <div className="form-actions">
        <Button variant="secondary" onClick={onScan} data-testid="scan-voucher">
          {t('voucher.scanButton')}
        </Button>
      </div>
    </Screen>
  );
}
