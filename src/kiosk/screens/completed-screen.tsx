import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';

/** The session is done: thanks, then the screen dismisses itself after `seconds`. */
export function CompletedScreen({ seconds, onDismiss }: { seconds: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, onDismiss);
  return (
    <Screen title={t('terminal.completedTitle')} testId="screen-completed" status="success" tone="success">
      <p className="lead">{t('terminal.completedBody')}</p>
      <p className="muted">{t('terminal.closing', { count: left })}</p>
    </Screen>
  );
}
