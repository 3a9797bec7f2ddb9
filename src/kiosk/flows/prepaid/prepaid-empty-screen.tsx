import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';

/** A payment with an empty prepaid balance: said kindly, before any amount is asked. */
export function PrepaidEmptyScreen({ footer }: { footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('prepaid.emptyTitle')}
      testId="screen-prepaid-empty"
      status="warning"
      tone="warning"
      footer={footer}
    >
      <p className="lead">{t('prepaid.emptyBody')}</p>
    </Screen>
  );
}
