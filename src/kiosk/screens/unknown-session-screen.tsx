import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';

/** No such session (a wrong or missing link); opened with no link at all, staff may pair the tablet. */
export function UnknownSessionScreen({ onPair }: { onPair?: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('terminal.unknownTitle')}
      testId="screen-unknown-session"
      status="warning"
      tone="warning"
      footer={
        onPair ? (
          <Button onClick={onPair} data-testid="pair-this-screen">
            {t('standby.pairAction')}
          </Button>
        ) : undefined
      }
    >
      <p className="lead">{t('terminal.unknownBody')}</p>
    </Screen>
  );
}
