import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** No such session (a wrong or missing link). */
export function UnknownSessionScreen() {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('terminal.unknownTitle')}
      testId="screen-unknown-session"
      status="warning"
      tone="warning"
    >
      <p className="lead">{t('terminal.unknownBody')}</p>
    </Screen>
  );
}
