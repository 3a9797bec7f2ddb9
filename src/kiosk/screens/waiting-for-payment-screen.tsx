import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../web/format';
import { Screen } from '../components/screen';

/**
 * A top-up asked for, waiting for its money at the till: "Pay € 50.00 at the till"; it is added
 * once the cashier has received it (the screen follows the session live). Cancel drops it.
 */
export function WaitingForPaymentScreen({
  amountInCents,
  footer,
}: {
  amountInCents: number;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Screen
      title={t('payment.waitingTitle', { amount: formatMoney(amountInCents, i18n.language) })}
      testId="screen-waiting-payment"
      footer={footer}
    >
      <div className="pulse" aria-hidden="true" />
      <p className="lead" role="status">
        {t('payment.waitingBody')}
      </p>
    </Screen>
  );
}
