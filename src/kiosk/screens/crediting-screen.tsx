import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';

/** The credit reception is being created; on failure the error offers the way forward. */
export function CreditingScreen({ error, footer }: { error?: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('credit.creating')} testId="screen-crediting" footer={footer}>
      {error ?? <Spinner label={t('common.loading')} />}
    </Screen>
  );
}
