import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';

/** A standby link whose device token the service does not know (or no longer: revoked); staff may pair it. */
export function UnknownDeviceScreen({ onPair }: { onPair?: () => void }) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('standby.unknownTitle')}
      testId="screen-unknown-device"
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
      <p className="lead">{t('standby.unknownBody')}</p>
    </Screen>
  );
}
