import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalContact } from '../../contract/portal';
import { greetingName } from '../../web/format';
import { Screen } from '../components/screen';

/**
 * Identified, but no purchase yet: greets the customer by name (so they see the scan found them)
 * and updates live when the cashier pushes the purchase.
 */
export function WaitingForCashierScreen({ contact, footer }: { contact: PortalContact; footer: ReactNode }) {
  const { t } = useTranslation();
  const name = greetingName(contact);
  return (
    <Screen
      title={name ? t('credit.waitingTitleName', { name }) : t('credit.waitingTitle')}
      testId="screen-waiting"
      footer={footer}
    >
      <div className="pulse" aria-hidden="true" />
      <p className="lead" role="status">
        {t('credit.waitingBody')}
      </p>
    </Screen>
  );
}
