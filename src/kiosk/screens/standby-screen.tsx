import { useTranslation } from 'react-i18next';
import { Screen } from '../components/screen';

/** A paired tablet between sessions: welcome to the shop. */
export function StandbyScreen({ shopName }: { shopName: string }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('standby.title', { shop: shopName })} testId="screen-standby" hero>
      <p className="lead">{t('standby.body')}</p>
    </Screen>
  );
}
