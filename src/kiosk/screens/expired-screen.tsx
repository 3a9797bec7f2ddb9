import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';

/** The session timed out; dismisses itself after `seconds`. */
export function ExpiredScreen({ seconds, onDismiss }: { seconds: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  useCountdown(seconds, onDismiss);
  return (
    <Screen title={t('terminal.expiredTitle')} testId="screen-expired" status="time" tone="warning">
      <p className="lead">{t('terminal.expiredBody')}</p>
    </Screen>
  );
}
