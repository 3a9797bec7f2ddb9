import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalVoucher } from '../../contract/portal';
import { Button } from '../../ui/button';
import { Content } from '../../ui/wording';
import { Screen } from '../components/screen';

/** The voucher is redeemed: its name, for the cashier to see; another voucher, or Done. */
export function VoucherRedeemedScreen({
  voucher,
  onAnother,
  onDone,
  finishing,
  error,
}: {
  voucher: PortalVoucher;
  onAnother: () => void;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('voucher.redeemedTitle')}
      testId="screen-voucher-redeemed"
      status="success"
      tone="success"
    >
      {/* The voucher's name heads what follows (a bold <p> would only look like a heading). */}
      <h2 className="lead" data-testid="redeemed-voucher">
        <Content text={voucher.name} />
      </h2>
      <p className="muted">{t('voucher.redeemedBody')}</p>
      {error}
      <div className="form-actions">
        <Button variant="secondary" onClick={onAnother} data-testid="another-voucher">
          {t('voucher.another')}
        </Button>
        <Button busy={finishing} onClick={onDone} data-testid="done-button">
          {t('common.done')}
        </Button>
      </div>
    </Screen>
  );
}
