import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { offeredSubscriptionType } from '../../contract/portal';
import { Button } from '../../ui/button';
import { Content } from '../../ui/wording';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import type { ReadableDocument } from '../components/terms-codes';
import { looksLikeEmail } from '../lib/email';
import { toggleSubscription } from '../lib/subscriptions';
import { EmailField } from './email-field';

// The QR codes load only when the customer asks to read the terms.
const TermsCodes = lazy(() => import('../components/terms-codes'));

/** What the registration screen submits. */
export interface RegistrationForm {
  email: string;
  subscriptionTypeIds: number[];
}

/**
 * Create an account (or link the scanned card to a new one): e-mail, the account's subscription
 * types (none ticked, whatever its strategy: a box ticked beforehand is no consent; double opt-in
 * says a confirmation mail follows) and the required terms checkbox, with a text link showing the
 * account's terms and privacy policy as QR codes to read on one's phone (when the account names
 * them: settings `terms_url`, `privacy_url`). The on-screen keyboard is out while the address is
 * typed and folds away once a complete address is left for the choices; a tap on the field brings it back.
 */
export function RegistrationScreen({
  reason,
  initialEmail,
  subscriptionTypes,
  termsUrl,
  privacyUrl,
  keyboard,
  onSubmit,
  submitting,
  error,
  onBack,
  footer,
}: {
  /** `card`: an unlinked card was scanned; `email`: an unknown e-mail was typed. */
  reason: 'card' | 'email';
  initialEmail: string;
  subscriptionTypes: z.infer<typeof offeredSubscriptionType>[];
  termsUrl: string | null;
  privacyUrl: string | null;
  keyboard: boolean;
  onSubmit: (form: RegistrationForm) => void;
  submitting: boolean;
  error?: ReactNode;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [ids, setIds] = useState<number[]>([]);
  const [terms, setTerms] = useState(false);
  const [tried, setTried] = useState(false);
  const [reading, setReading] = useState(false);
  // The keyboard is out while the address is being typed; it goes away once the customer moves on
  // with an address that looks complete (a choice ticked, the terms opened), and comes back with a
  // tap on the field.
  const [typing, setTyping] = useState(() => !looksLikeEmail(initialEmail));
  const moveOn = () => {
    if (looksLikeEmail(email)) setTyping(false);
  };
  const documents: ReadableDocument[] = [
    termsUrl ? { title: t('register.termsTitle'), url: termsUrl, testId: 'terms-code' } : null,
    privacyUrl ? { title: t('register.privacyTitle'), url: privacyUrl, testId: 'privacy-code' } : null,
  ].filter((doc) => doc !== null);
  const emailErrorId = useId();
  const termsErrorId = useId();
  const emailInvalid = tried && !looksLikeEmail(email);
  const termsMissing = tried && !terms;
  return (
    <Screen
      title={t(reason === 'card' ? 'register.titleCard' : 'register.titleEmail')}
      testId="screen-registration"
      footer={footer}
    >
      <form
        className="registration-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (looksLikeEmail(email) && terms) onSubmit({ email: email.trim(), subscriptionTypeIds: ids });
        }}
      >
        <div className="registration-main">
          <p className="lead">
            {reason === 'card' ? t('register.introCard') : t('register.introEmail', { email: initialEmail })}
          </p>
          <EmailField
            label={t('email.label')}
            value={email}
            onChange={setEmail}
            invalid={emailInvalid}
            errorId={emailErrorId}
            keyboard={keyboard}
            keyboardShown={typing && !reading}
            keyboardLabel={t('email.keyboard')}
            onEdit={() => {
              setTyping(true);
              setReading(false);
            }}
          />
          {emailInvalid ? (
            <p id={emailErrorId} className="field-error" role="alert">
              {t('email.invalid')}
            </p>
          ) : null}
          {/* In the keyboard's place while open: beside the choices in landscape, all on one screen. */}
          {reading ? (
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <TermsCodes documents={documents} />
            </Suspense>
          ) : null}
        </div>
        <div className="registration-side">
          {subscriptionTypes.length > 0 ? (
            <fieldset className="choices">
              <legend>{t('register.subscriptions')}</legend>
              {subscriptionTypes.map((type) => (
                <label key={type.id} className="choice" data-testid={`subscription-${type.id}`}>
                  <input
                    type="checkbox"
                    checked={ids.includes(type.id)}
                    onChange={(event) => {
                      moveOn();
                      setIds(toggleSubscription(subscriptionTypes, ids, type.id, event.target.checked));
                    }}
                  />
                  <span>
                    <strong>
                      <Content text={type.name} />
                    </strong>
                    {type.description ? (
                      <span className="choice-note">
                        <Content text={type.description} />
                      </span>
                    ) : null}
                    {type.strategy === 'DOUBLE_OPT_IN' ? (
                      <span className="choice-note">{t('register.doubleOptIn')}</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="choice choice-terms">
            <label data-testid="terms">
              <input
                type="checkbox"
                required
                checked={terms}
                aria-invalid={termsMissing || undefined}
                aria-describedby={termsMissing ? termsErrorId : undefined}
                onChange={(event) => {
                  moveOn();
                  setTerms(event.target.checked);
                }}
              />
              <span>{t('register.terms')}</span>
            </label>
            {/* A text link under the sentence it belongs to, not a second big button beside the primary one. */}
            {documents.length > 0 ? (
              <Button
                variant="link"
                className="terms-link"
                aria-expanded={reading}
                onClick={() => {
                  moveOn();
                  setReading((open) => !open);
                }}
                data-testid="read-terms"
              >
                {t(reading ? 'register.hideTerms' : 'register.readTerms')}
              </Button>
            ) : null}
          </div>
          {termsMissing ? (
            <p id={termsErrorId} className="field-error" role="alert">
              {t('register.termsRequired')}
            </p>
          ) : null}
          {error}
          <div className="form-actions">
            <Button variant="secondary" onClick={onBack}>
              {t('common.back')}
            </Button>
            <Button type="submit" busy={submitting} data-testid="register-submit">
              {submitting ? t('register.submitting') : t('register.submit')}
            </Button>
          </div>
        </div>
      </form>
    </Screen>
  );
}
