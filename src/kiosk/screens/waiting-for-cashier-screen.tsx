import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** Identified, but no purchase yet: the screen updates live when the cashier pushes it. */
export function WaitingForCashierScreen({ footer }: { footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('credit.waitingTitle')} testId="screen-waiting" footer={footer}>
      <div className="pulse" aria-hidden="true" />
      <p className="lead" role="status">
        {t('credit.waitingBody')}
      </p>
    </Screen>
  );
}
