import { useTranslation } from 'react-i18next';
import type { PortalSessionState } from '../../contract/portal';
import { formatMoney } from '../../web/format';

/**
 * What the first screen of a session is about, above "scan your card": the purchase a credit
 * reception is for, the amount a prepaid payment or top-up moves, that a vouchers session also
 * takes a voucher's code, what the customer's own portal shows.
 */
export function StakeLine({ session }: { session: PortalSessionState }) {
  const { t, i18n } = useTranslation();
  const cents = session.pos_transaction?.amount_in_cents ?? session.amount_in_cents;
  const amount = cents === null ? null : formatMoney(cents, i18n.language);
  let line: string;
  switch (session.type) {
    case 'credit_reception':
      line = amount ? t('stake.creditAmount', { amount }) : t('stake.credit');
      break;
    case 'pay_prepaid':
      line = amount ? t('stake.payPrepaidAmount', { amount }) : t('stake.payPrepaid');
      break;
    case 'top_up_prepaid':
      line = amount ? t('stake.topUpPrepaidAmount', { amount }) : t('stake.topUpPrepaid');
      break;
    case 'vouchers':
      line = t('stake.vouchers');
      break;
    default:
      line = t('stake.identify');
  }
  return (
    <p className="amount-due" data-testid="scan-stake">
      {line}
    </p>
  );
}
