import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** What stays on a session's own screen after its end screen is dismissed. */
export function SessionEndedScreen({ shopName }: { shopName: string }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('terminal.endedTitle', { shop: shopName })} testId="screen-ended" hero>
      <p className="lead">{t('terminal.endedBody')}</p>
    </Screen>
  );
}
