import { useTranslation } from 'react-i18next';
import type { CashierSession } from '../../contract/cashier';
import { formatMoney } from '../../web/format';

/**
 * Under the tabs while the followed session waits for the cashier and its live panel is not in
 * view: the customer waits for the purchase amount, or a top-up for its money ("Collect € 50.00");
 * Show leads to the live panel, where Send or Received is. Nothing otherwise.
 */
export function WaitingStrip({
  session,
  onShow,
}: {
  session: CashierSession | undefined;
  onShow: () => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  if (session?.status !== 'open') return null;
  const waiting = session.waiting_for_purchase
    ? t('live.waitingPurchase')
    : session.payment_due?.held
      ? t('live.collect', { amount: formatMoney(session.payment_due.amount_in_cents, i18n.language) })
      : null;
  if (!waiting) return null;
  return (
    <div className="waiting-strip" role="status" data-testid="waiting-strip">
      <span>{waiting}</span>
      <button type="button" className="button button-primary" onClick={onShow}>
        {t('live.show')}
      </button>
    </div>
  );
}
