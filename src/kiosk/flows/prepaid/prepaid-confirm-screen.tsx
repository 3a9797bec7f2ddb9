import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../web/format';
import type { PrepaidSessionType } from '../../api/prepaid-transaction';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';
import { prepaidCharge } from '../../lib/prepaid';

/**
 * "Pay € X from your balance?" (saying up front when the balance covers only part of it, and what
 * is then left for the till) or "Add € X to your balance?" (saying it is paid at the till).
 */
export function PrepaidConfirmScreen({
  type,
  amountInCents,
  balanceInCents,
  onConfirm,
  confirming,
  error,
  onChangeAmount,
}: {
  type: PrepaidSessionType;
  amountInCents: number;
  balanceInCents: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  /** Present when the amount was typed here (not the session's). */
  onChangeAmount?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { chargeInCents, unpaidInCents } =
    type === 'pay_prepaid'
      ? prepaidCharge(amountInCents, balanceInCents)
      : { chargeInCents: amountInCents, unpaidInCents: 0 };
  return (
    <Screen
      title={t(`prepaid.${type}.confirmTitle`, { amount: money(amountInCents) })}
      testId="screen-prepaid-confirm"
    >
      <dl className="stats">
        <Stat label={t(`prepaid.${type}.amountLabel`)} main testId="prepaid-amount">
          <Money cents={amountInCents} />
        </Stat>
        <Stat label={t('welcome.prepaid')} testId="prepaid-balance">
          <Money cents={balanceInCents} />
        </Stat>
      </dl>
      {unpaidInCents > 0 ? (
        <p className="notice" data-testid="prepaid-partly">
          {t('prepaid.pay_prepaid.partly', { charge: money(chargeInCents), rest: money(unpaidInCents) })}
        </p>
      ) : null}
      {type === 'top_up_prepaid' ? (
        <p className="notice" data-testid="pay-at-till">
          {t('payment.atTill', { amount: money(amountInCents) })}
        </p>
      ) : null}
      {error}
      <div className="form-actions">
        {onChangeAmount ? (
          <Button variant="secondary" onClick={onChangeAmount} data-testid="change-amount">
            {t('topUp.changeAmount')}
          </Button>
        ) : null}
        <Button busy={confirming} onClick={onConfirm} data-testid="confirm-button">
          {confirming
            ? t('prepaid.confirming')
            : t(`prepaid.${type}.confirm`, { amount: money(chargeInCents) })}
        </Button>
      </div>
    </Screen>
  );
}
