import { useTranslation } from 'react-i18next';
import { SignOutButtons } from '../components/sign-out';

/** A cashier signed in: the office is not theirs (403 office_not_allowed); the till is. */
export function RefusedScreen() {
  const { t } = useTranslation('office');
  return (
    <div className="office-narrow" data-testid="screen-refused">
      <h1>{t('refused.title')}</h1>
      <p className="office-lead">{t('refused.lead')}</p>
      <SignOutButtons />
    </div>
  );
}
