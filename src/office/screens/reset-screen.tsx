import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { OFFICE_API } from '../api/client';
import { errorWords } from '../api/error-words';
import { SESSION_KEY } from '../api/queries';
import { Field } from '../components/field';
import { Notice } from '../components/notice';

/**
 * The shortest password the service accepts: contract/office.ts PASSWORD_MIN_LENGTH, written here
 * as the page takes no values from the contract (no zod in a bundle); a test holds them equal.
 */
export const PASSWORD_MIN_LENGTH = 10;

/**
 * A password-reset (or invitation) link's page: the new password twice, then signed in (the
 * service's answer sets the cookie). A link that no longer works says so and offers a new one.
 */
export function ResetScreen({ token, onDone }: { token: string; onDone: (askNew: boolean) => void }) {
  const { t } = useTranslation('office');
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<'short' | 'differ' | null>(null);
  const reset = useMutation({
    meta: { public: true },
    mutationFn: (body: { token: string; password: string }) =>
      request<unknown>(OFFICE_API, { method: 'POST', path: '/password-reset', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SESSION_KEY });
      onDone(false);
    },
  });
  const error = reset.error;
  const linkInvalid =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    !error.fields.includes('password');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setProblem('short');
    if (password !== again) return setProblem('differ');
    setProblem(null);
    reset.mutate({ token, password });
  };
  const tooShort = t('reset.tooShort', { count: PASSWORD_MIN_LENGTH });
  return (
    <div className="office-narrow" data-testid="screen-reset">
      <h1>{t('reset.title')}</h1>
      {linkInvalid ? (
        <>
          <Notice kind="error" testId="link-invalid">
            {t('reset.linkInvalid')}
          </Notice>
          <Button onClick={() => onDone(true)}>{t('reset.newLink')}</Button>
        </>
      ) : (
        <form className="office-card office-form" onSubmit={submit} noValidate>
          <p className="office-lead">{t('reset.lead', { count: PASSWORD_MIN_LENGTH })}</p>
          <Field label={t('reset.password')} error={problem === 'short' ? tooShort : null}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Field label={t('reset.again')} error={problem === 'differ' ? t('reset.differ') : null}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="new-password"
                value={again}
                onChange={(event) => setAgain(event.target.value)}
              />
            )}
          </Field>
          {error && !linkInvalid ? (
            <Notice kind="error">
              {error instanceof ApiError && error.fields.includes('password')
                ? tooShort
                : errorWords(t, error)}
            </Notice>
          ) : null}
          <Button type="submit" busy={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
