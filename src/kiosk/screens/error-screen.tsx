import { useTranslation } from 'react-i18next';
import { ActionError } from '../components/action-error';
import { Screen } from '../components/screen';

/** Loading failed (no connection, server fault): the friendly reason and Try again. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('terminal.errorTitle')} testId="screen-error" status="warning" tone="warning">
      <ActionError error={error} onRetry={onRetry} />
    </Screen>
  );
}
