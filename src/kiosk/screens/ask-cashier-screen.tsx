import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** A session type this screen does not handle yet: the cashier finishes it at the register. */
export function AskCashierScreen({ footer }: { footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('askCashier.title')} testId="screen-ask-cashier" footer={footer}>
      <p className="lead">{t('askCashier.body')}</p>
    </Screen>
  );
}
