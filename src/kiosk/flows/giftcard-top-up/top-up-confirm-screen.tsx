import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../../contract/portal';
import { ConfirmActions } from '../../components/confirm-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';
import { formatMoney } from '../../lib/format';

/** "Top up € X?": the card, its balance now and after; refusals (5006, 5008) show here in words. */
export function TopUpConfirmScreen({
  giftcard,
  amountInCents,
  onConfirm,
  confirming,
  error,
  onChangeAmount,
  footer,
}: {
  giftcard: PortalGiftcard;
  amountInCents: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onChangeAmount: () => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = formatMoney(amountInCents, i18n.language);
  return (
    <Screen
      title={t('topUp.confirmTitle', { amount: money, hint: giftcard.hash_hint })}
      testId="screen-topup-confirm"
      footer={footer}
    >
      <dl className="stats">
        <Stat label={t('topUp.balanceNow')}>
          <Money cents={giftcard.balance_in_cents} />
        </Stat>
        <Stat label={t('topUp.balanceAfter')} main testId="topup-balance-after">
          <Money cents={giftcard.balance_in_cents + amountInCents} />
        </Stat>
      </dl>
      {error}
      <ConfirmActions
        back={t('topUp.changeAmount')}
        backTestId="change-amount"
        onBack={onChangeAmount}
        confirm={t('topUp.confirm', { amount: money })}
        busyLabel={t('topUp.confirming')}
        onConfirm={onConfirm}
        confirming={confirming}
      />
    </Screen>
  );
}
