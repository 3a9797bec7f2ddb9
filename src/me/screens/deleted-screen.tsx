import { useTranslation } from 'react-i18next';
import { StatusIcon } from '../../ui/status-icon';

/** After the account was deleted: a calm goodbye, nothing of the account left on the page. */
export function DeletedScreen() {
  const { t } = useTranslation('me');
  return (
    <div className="me-stack me-centered" data-testid="me-deleted">
      <StatusIcon kind="goodbye" />
      <h1>{t('privacy.deletedTitle')}</h1>
      <p className="me-lead">{t('privacy.deleted')}</p>
    </div>
  );
}
