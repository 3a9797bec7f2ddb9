import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';
import { looksLikeEmail } from '../lib/email';
import { EmailField } from './email-field';

/** Identify by e-mail address: a field, the on-screen keyboard when enabled, and Continue. */
export function EmailScreen({
  keyboard,
  onSubmit,
  checking,
  error,
  onUseCard,
  footer,
}: {
  keyboard: boolean;
  onSubmit: (email: string) => void;
  checking: boolean;
  error?: ReactNode;
  onUseCard?: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const errorId = useId();
  const invalid = showInvalid && !looksLikeEmail(email);
  return (
    <Screen title={t('email.title')} testId="screen-email" footer={footer} focusHeading={false}>
      <form
        className="email-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!looksLikeEmail(email)) return setShowInvalid(true);
          onSubmit(email.trim());
        }}
      >
        <EmailField
          label={t('email.label')}
          value={email}
          onChange={setEmail}
          invalid={invalid}
          errorId={errorId}
          keyboard={keyboard}
          keyboardLabel={t('email.keyboard')}
          autoFocus
        />
        {invalid ? (
          <p id={errorId} className="field-error" role="alert">
            {t('email.invalid')}
          </p>
        ) : null}
        {error}
        <div className="form-actions">
          {onUseCard ? (
            <Button variant="secondary" onClick={onUseCard} data-testid="use-card">
              {t('email.useCard')}
            </Button>
          ) : null}
          <Button type="submit" busy={checking} data-testid="email-submit">
            {checking ? t('email.checking') : t('email.submit')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
