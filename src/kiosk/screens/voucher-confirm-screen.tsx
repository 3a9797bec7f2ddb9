import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../contract/portal';
import { Button } from '../../ui/button';
import { formatDate, formatDateTime } from '../../web/format';
import { ConfirmActions } from '../components/confirm-actions';
import { Screen } from '../components/screen';
import { VoucherCard } from '../components/voucher-card';

/**
 * "Redeem this voucher?": the voucher, Redeem now, Back; refusals show here.
 * `identifyFirst`: nobody is identified yet, so "Use it now" first asks who the customer is.
 * A voucher the service judged unusable (expired, used, switched off, not active yet, in use
 * elsewhere) is never offered: the screen says why, with its date, and offers Back only.
 */
export function VoucherConfirmScreen({
  voucher,
  identifyFirst = false,
  onConfirm,
  confirming,
  error,
  onBack,
}: {
  voucher: PortalVoucher;
  identifyFirst?: boolean;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { unusable } = voucher;
  if (unusable) {
    const date = unusable.date
      ? (unusable.reason === 'locked' ? formatDateTime : formatDate)(unusable.date, i18n.language)
      : null;
    return (
      <Screen title={t('voucher.unusable.title')} testId="screen-voucher-unusable" tone="warning">
        <VoucherCard voucher={voucher} />
        <p className="notice" role="alert" data-testid="voucher-unusable" data-reason={unusable.reason}>
          {date
            ? t(`voucher.unusable.${unusable.reason}`, { date })
            : t(`voucher.unusable.${unusable.reason}NoDate`)}
        </p>
        <div className="form-actions">
          <Button variant="secondary" onClick={onBack} data-testid="back-button">
            {t('common.back')}
          </Button>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title={t('voucher.confirmTitle')} testId="screen-voucher-confirm">
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
