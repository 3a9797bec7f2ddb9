import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../web/format';
import { ConfirmActions } from '../../components/confirm-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/**
 * "Top up € X?": the card, its balance now and after, and that the amount is paid at the till;
 * refusals (5006, 5008) show here in words. Without `onChangeAmount` (the session's own amount)
 * the amount cannot be changed here.
 */
export function TopUpConfirmScreen({
  giftcard,
  amountInCents,
  onConfirm,
  confirming,
  error,
  onChangeAmount,
}: {
  giftcard: PortalGiftcard;
  amountInCents: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onChangeAmount?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = formatMoney(amountInCents, i18n.language);
  return (
    <Screen
      title={t('topUp.confirmTitle', { amount: money, hint: giftcard.hash_hint })}
      testId="screen-topup-confirm"
    >
      <dl className="stats">
        <Stat label={t('topUp.balanceNow')}>
          <Money cents={giftcard.balance_in_cents} />
        </Stat>
        <Stat label={t('topUp.balanceAfter')} main testId="topup-balance-after">
          <Money cents={giftcard.balance_in_cents + amountInCents} />
        </Stat>
      </dl>
      <p className="notice" data-testid="pay-at-till">
        {t('payment.atTill', { amount: money })}
      </p>
      {error}
      {onChangeAmount ? (
        <ConfirmActions
          back={t('topUp.changeAmount')}
          backTestId="change-amount"
          onBack={onChangeAmount}
          confirm={t('topUp.confirm', { amount: money })}
          busyLabel={t('topUp.confirming')}
          onConfirm={onConfirm}
          confirming={confirming}
        />
      ) : (
        <div className="form-actions">
          <Button busy={confirming} onClick={onConfirm} data-testid="confirm-button">
            {confirming ? t('topUp.confirming') : t('topUp.confirm', { amount: money })}
          </Button>
        </div>
      )}
    </Screen>
  );
}
