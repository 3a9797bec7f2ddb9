import { useTranslation } from 'react-i18next';
import type { PortalProfile } from '../../../contract/portal';
import { useProfileFields } from '../../api/get-profile';
import { Button } from '../../components/button';
import { QueryContent } from '../../components/query-content';

/**
 * The profile fields the account lets the customer change, with their values ("Not filled in" when
 * unset), and "Change my details"; after a save, says it was saved.
 */
export function ProfileTab({
  sessionUuid,
  saved,
  onChange,
}: {
  sessionUuid: string;
  /** The profile was just saved: say so. */
  saved: boolean;
  onChange: (fields: PortalProfile['fields']) => void;
}) {
  const { t } = useTranslation();
  const fields = useProfileFields(sessionUuid);
  return (
    <div className="tab-stack">
      {saved ? (
        <p className="success-note success-moment" role="status" data-testid="profile-saved">
          {t('profile.saved')}
        </p>
      ) : null}
      <QueryContent query={fields} empty={t('profile.empty')}>
        {(items) => (
          <>
            <dl className="lines profile-lines" data-testid="profile-fields">
              {items.map((field) => (
                <div key={field.name} className="line" data-testid={`profile-${field.name}`}>
                  <dt className="line-title">{t(`profile.fields.${field.name}`)}</dt>
                  <dd className={`profile-value ${field.value ? 'line-amount' : 'line-note'}`}>
                    {field.value ?? t('profile.empty')}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="form-actions">
              <Button variant="secondary" onClick={() => onChange(items)} data-testid="change-profile">
                {t('profile.change')}
              </Button>
            </div>
          </>
        )}
      </QueryContent>
    </div>
  );
}
