import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/spinner';

/** While the session (or device) loads: no heading to announce yet, just a busy indicator. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen screen-loading" data-testid="screen-loading">
      <Spinner label={t('common.loading')} />
    </section>
  );
}
