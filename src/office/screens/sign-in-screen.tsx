import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { OFFICE_API } from '../api/client';
import { errorWords, type OfficeT, waitWords } from '../api/error-words';
import { endSession, SESSION_KEY, type SignedOutNote } from '../api/queries';
import { Field } from '../components/field';
import { Notice } from '../components/notice';

/**
 * Why signing in failed, in words: locked (the answer names a lock; for the minutes of its
 * Retry-After), too many tries (429), no answer, else the details are wrong. The service answers
 * wrong details alike whether or not the e-mail has an account, and so does the page.
 */
export function signInRefusal(t: OfficeT, error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return errorWords(t, error);
  if (error.reason?.includes('locked')) {
    const wait = error.retryAfterSeconds;
    return wait ? t('signIn.lockedMinutes', { count: Math.ceil(wait / 60) }) : t('signIn.locked');
  }
  if (error.status === 429) return waitWords(t, error);
  return t('signIn.wrong');
}

/**
 * Signed out: e-mail and password, or "forgot your password?" (the link by e-mail; `startForgot`:
 * shown first, after a reset link that no longer worked). `note`: why the screen shows.
 */
export function SignInScreen({
  note,
  startForgot = false,
}: {
  note?: SignedOutNote | undefined;
  startForgot?: boolean;
}) {
  const [forgot, setForgot] = useState(startForgot);
  return forgot ? (
    <ForgotScreen onBack={() => setForgot(false)} />
  ) : (
    <SignInForm note={note} onForgot={() => setForgot(true)} />
  );
}

function SignInForm({ note, onForgot }: { note?: SignedOutNote | undefined; onForgot: () => void }) {
  const { t } = useTranslation('office');
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signIn = useMutation({
    meta: { public: true },
    mutationFn: (body: { email: string; password: string }) =>
      request<unknown>(OFFICE_API, { method: 'POST', path: '/sign-in', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
    onError: (error) => {
      // A cashier's details are right, but the office is not theirs.
      if (error instanceof ApiError && error.status === 403) endSession(client, { state: 'cashier' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    signIn.mutate({ email: email.trim(), password });
  };
  return (
    <div className="office-narrow" data-testid="screen-sign-in">
      <h1>{t('signIn.title')}</h1>
      <p className="office-lead">{t('signIn.lead')}</p>
      {note ? (
        <Notice kind="info" testId="signed-out-note">
          {note === 'everywhere'
            ? t('signIn.signedOutEverywhere')
            : note === 'expired'
              ? t('signIn.expired')
              : t('signIn.signedOut')}
        </Notice>
      ) : null}
      <form className="office-card office-form" onSubmit={submit} noValidate>
        <Field label={t('signIn.email')}>
          {(props) => (
            <input
              {...props}
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('signIn.password')}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        {missing ? <Notice kind="error">{t('signIn.missing')}</Notice> : null}
        {signIn.isError && !missing ? (
          <Notice kind="error" testId="sign-in-error">
            {signInRefusal(t, signIn.error)}
          </Notice>
        ) : null}
        <Button type="submit" busy={signIn.isPending}>
          {signIn.isPending ? t('signIn.signingIn') : t('signIn.submit')}
        </Button>
        <Button variant="link" onClick={onForgot}>
          {t('signIn.forgot')}
        </Button>
      </form>
    </div>
  );
}

/** "Forgot your password?": sends the link; the same words whether or not the e-mail has an account. */
function ForgotScreen({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('office');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const send = useMutation({
    meta: { public: true },
    mutationFn: (address: string) =>
      request<unknown>(OFFICE_API, {
        method: 'POST',
        path: '/password-reset-link',
        body: { email: address },
      }),
  });
  // Only a slow-down or no answer is told; any other refusal reads as "sent" (nothing is given away).
  const failed =
    send.isError &&
    send.error instanceof ApiError &&
    (send.error.status === 429 || send.error.status === 0 || send.error.status >= 500);
  const sent = send.isSuccess || (send.isError && !failed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(email.trim());
  };
  return (
    <div className="office-narrow" data-testid="screen-forgot">
      <h1 ref={heading} tabIndex={-1}>
        {t('forgot.title')}
      </h1>
      {sent ? (
        <Notice kind="success" testId="reset-link-sent">
          {t('forgot.sent')}
        </Notice>
      ) : (
        <form className="office-card office-form" onSubmit={submit} noValidate>
          <p className="office-lead">{t('forgot.lead')}</p>
          <Field label={t('signIn.email')} error={missing ? t('forgot.missing') : null}>
            {(props) => (
              <input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          {failed ? <Notice kind="error" error={send.error} /> : null}
          <Button type="submit" busy={send.isPending}>
            {send.isPending ? t('forgot.sending') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <Button variant="link" onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </div>
  );
}
