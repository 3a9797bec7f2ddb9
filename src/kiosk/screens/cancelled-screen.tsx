import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';

/** The session was cancelled (here or by the POS); dismisses itself after `seconds`. */
export function CancelledScreen({ seconds, onDismiss }: { seconds: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  useCountdown(seconds, onDismiss);
  return (
    <Screen title={t('terminal.cancelledTitle')} testId="screen-cancelled" status="cancelled">
      <p className="lead">{t('terminal.cancelledBody')}</p>
    </Screen>
  );
}
