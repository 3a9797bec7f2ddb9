import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../../contract/portal';
import { ConfirmActions } from '../../components/confirm-actions';
import { Screen } from '../../components/screen';
import { VoucherCard } from '../../components/voucher-card';

/** "Redeem this voucher?": the voucher (or the scanned code), Redeem now, Back; refusals show here. */
export function VoucherConfirmScreen({
  code,
  voucher,
  onConfirm,
  confirming,
  error,
  onBack,
  footer,
}: {
  code: string;
  voucher: PortalVoucher | null;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t('voucher.confirmTitle')} testId="screen-voucher-confirm" footer={footer}>
      {voucher ? (
        <VoucherCard voucher={voucher} />
      ) : (
        <p className="lead" data-testid="voucher-code">
          {t('voucher.code', { code })}
        </p>
      )}
      <p className="muted">{t('voucher.confirmHint')}</p>
      {error}
      <ConfirmActions
        back={t('common.back')}
        backTestId="back-button"
        onBack={onBack}
        confirm={t('voucher.redeem')}
        busyLabel={t('voucher.redeeming')}
        onConfirm={onConfirm}
        confirming={confirming}
      />
    </Screen>
  );
}
