import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** A standby link whose device token the service does not know. */
export function UnknownDeviceScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('standby.unknownTitle')} testId="screen-unknown-device" status="warning" tone="warning">
      <p className="lead">{t('standby.unknownBody')}</p>
    </Screen>
  );
}
