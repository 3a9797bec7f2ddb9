import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../contract/portal';
import { ConfirmActions } from '../components/confirm-actions';
import { Screen } from '../components/screen';
import { VoucherCard } from '../components/voucher-card';

/**
 * "Redeem this voucher?": the voucher, Redeem now, Back; refusals show here.
 * `identifyFirst`: nobody is identified yet, so "Use it now" first asks who the customer is.
 */
export function VoucherConfirmScreen({
  voucher,
  identifyFirst = false,
  onConfirm,
  confirming,
  error,
  onBack,
  footer,
}: {
  voucher: PortalVoucher;
  identifyFirst?: boolean;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t('voucher.confirmTitle')} testId="screen-voucher-confirm" footer={footer}>
      <VoucherCard voucher={voucher} />
      <p className="muted">{t(identifyFirst ? 'voucher.identifyHint' : 'voucher.confirmHint')}</p>
      {error}
      <ConfirmActions
        back={t('common.back')}
        backTestId="back-button"
        onBack={onBack}
        confirm={t(identifyFirst ? 'voucher.identifyToRedeem' : 'voucher.redeem')}
        busyLabel={t('voucher.redeeming')}
        onConfirm={onConfirm}
        confirming={confirming}
      />
    </Screen>
  );
}
