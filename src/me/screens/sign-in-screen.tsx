import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { request } from '../../web/request';
import { ME_API } from '../api/client';
import { Notice } from '../components/notice';

/** A whole e-mail address: something, @, a domain with a dot. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Signed out: "e-mail me a sign-in link". The answer is the same whether or not the address
 * belongs to an account (the service's rule), so the page says "if it belongs to an account".
 * `note`: why the screen shows (a link that did not work, signed out by the customer).
 */
export function SignInScreen({ note }: { note: 'none' | 'link_invalid' | 'signed_out' }) {
  const { t } = useTranslation('me');
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const send = useMutation({
    mutationFn: (address: string) =>
      request<unknown>(ME_API, { method: 'POST', path: '/sign-in-link', body: { email: address } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    send.mutate(address);
  };

  if (send.isSuccess)
    return (
      <div className="me-stack" data-testid="me-sign-in-sent">
        <h1>{t('signIn.sentTitle')}</h1>
        <p className="me-lead">{t('signIn.sent', { email: send.variables })}</p>
        <Button variant="secondary" onClick={() => send.reset()}>
          {t('signIn.again')}
        </Button>
      </div>
    );
  return (
    <div className="me-stack" data-testid="me-sign-in">
      <h1>{t('signIn.title')}</h1>
      <p className="me-lead">{t('signIn.lead')}</p>
      {note === 'link_invalid' ? (
        <Notice kind="error" testId="link-invalid">
          {t('signIn.linkInvalid')}
        </Notice>
      ) : note === 'signed_out' ? (
        <Notice kind="info">{t('signIn.signedOut')}</Notice>
      ) : null}
      <form className="me-card me-form" onSubmit={submit} noValidate>
        <div className="me-field">
          <label htmlFor={`${id}-email`}>{t('signIn.emailLabel')}</label>
          <p className="me-hint" id={`${id}-hint`}>
            {t('signIn.emailHint')}
          </p>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (invalid && EMAIL.test(event.target.value.trim())) setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          />
          {invalid ? (
            <p className="me-field-error" id={`${id}-error`}>
              {t('signIn.emailInvalid')}
            </p>
          ) : null}
        </div>
        {send.isError ? <Notice kind="error" error={send.error} /> : null}
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? t('signIn.sending') : t('signIn.send')}
        </Button>
      </form>
    </div>
  );
}
