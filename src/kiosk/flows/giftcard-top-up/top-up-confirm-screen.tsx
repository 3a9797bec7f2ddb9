import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../../contract/portal';
import { Button } from '../../components/button';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { formatMoney } from '../../lib/format';

/** "Top up € X?": the card, its balance now and after; refusals (5006, 5008) show here in words. */
export function TopUpConfirmScreen({
  giftcard,
  amount,
  onConfirm,
  confirming,
  error,
  onChangeAmount,
  footer,
}: {
  giftcard: PortalGiftcard;
  amount: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onChangeAmount: () => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = formatMoney(amount, i18n.language);
  return (
    <Screen
      title={t('topUp.confirmTitle', { amount: money, hint: giftcard.hash_hint })}
      testId="screen-topup-confirm"
      footer={footer}
    >
      <dl className="stats">
        <div className="stat">
          <dt>{t('topUp.balanceNow')}</dt>
          <dd>
            <Money cents={giftcard.balance_in_cents} />
          </dd>
        </div>
        <div className="stat stat-main" data-testid="topup-balance-after">
          <dt>{t('topUp.balanceAfter')}</dt>
          <dd>
            <Money cents={giftcard.balance_in_cents + amount} />
          </dd>
        </div>
      </dl>
      {error}
      <div className="form-actions">
        <Button variant="secondary" onClick={onChangeAmount} data-testid="change-amount">
          {t('topUp.changeAmount')}
        </Button>
        <Button busy={confirming} onClick={onConfirm} data-testid="confirm-button">
          {confirming ? t('topUp.confirming') : t('topUp.confirm', { amount: money })}
        </Button>
      </div>
    </Screen>
  );
}
