import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';

/** An e-mail no account has, on a screen without registration: say so, offer the way back. */
export function EmailUnknownScreen({
  email,
  onBack,
  footer,
}: {
  email: string;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('emailUnknown.title')}
      testId="screen-email-unknown"
      status="warning"
      tone="warning"
      footer={footer}
    >
      <p className="lead">{t('emailUnknown.body', { email })}</p>
      <div className="form-actions">
        <Button onClick={onBack}>{t('common.back')}</Button>
      </div>
    </Screen>
  );
}
