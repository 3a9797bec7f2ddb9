import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { request } from '../../web/request';
import { ME_API } from '../api/client';
import { useChangeSubscription, useSubscriptions } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';
import { ProfileSection } from './profile-section';

/**
 * The customer's profile, e-mail subscriptions (subscribing sends the double opt-in e-mail), their
 * data (download, delete with a code e-mailed) and signing out (here, or on every device).
 */
export function AccountScreen({
  onSignedOut,
  onDeleted,
}: {
  onSignedOut: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('me');
  const signOut = useMutation({
    mutationFn: (everywhere: boolean) =>
      request<void>(ME_API, { method: 'POST', path: everywhere ? '/sign-out-everywhere' : '/sign-out' }),
    onSuccess: onSignedOut,
  });
  return (
    <div className="me-stack">
      <h1>{t('nav.account')}</h1>
      <ProfileSection />
      <Subscriptions />
      <Privacy onDeleted={onDeleted} />
      <div className="me-card me-form">
        {signOut.isError ? <Notice kind="error" error={signOut.error} /> : null}
        <Button
          variant="secondary"
          busy={signOut.isPending}
          onClick={() => signOut.mutate(false)}
          data-testid="sign-out"
        >
          {t('privacy.signOut')}
        </Button>
        <Button variant="quiet" busy={signOut.isPending} onClick={() => signOut.mutate(true)}>
          {t('privacy.signOutEverywhere')}
        </Button>
      </div>
    </div>
  );
}

function Subscriptions() {
  const { t } = useTranslation('me');
  const subscriptions = useSubscriptions();
  const change = useChangeSubscription();
  return (
    <Section title={t('subscriptions.title')} lead={t('subscriptions.lead')} testId="subscriptions">
      {change.isError ? <Notice kind="error" error={change.error} /> : null}
      {subscriptions.isError ? (
        <Notice kind="error" error={subscriptions.error} retry={() => subscriptions.refetch()} />
      ) : subscriptions.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : subscriptions.data.length === 0 ? (
        <p className="me-empty">{t('subscriptions.none')}</p>
      ) : (
        <ul className="me-list">
          {subscriptions.data.map((subscription) => {
            const on = subscription.status !== 'UNSUBSCRIBED';
            const busy = change.isPending && change.variables?.id === subscription.id;
            return (
              <li key={subscription.id} className="me-item me-switch-item">
                <label className="me-switch">
                  <span className="me-item-main">
                    <strong>{subscription.name}</strong>
                    {subscription.description ? (
                      <span className="me-item-sub">{subscription.description}</span>
                    ) : null}
                    {subscription.status === 'PENDING_CONFIRMATION' ? (
                      <span className="me-item-sub">{t('subscriptions.pending')}</span>
                    ) : null}
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={on}
                    aria-checked={on}
                    disabled={busy}
                    onChange={(event) =>
                      change.mutate({ id: subscription.id, subscribed: event.target.checked })
                    }
                    data-testid={`subscription-${subscription.id}`}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Download my data (a JSON file from the service), and delete my account with a code by e-mail. */
function Privacy({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('me');
  const id = useId();
  const [code, setCode] = useState('');
  const [badFormat, setBadFormat] = useState(false);
  const deletion = useMutation({
    mutationFn: () => request<unknown>(ME_API, { method: 'POST', path: '/deletion', body: {} }),
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      request<void>(ME_API, { method: 'POST', path: '/deletion/confirm', body: { code: value } }),
    onSuccess: onDeleted,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      setBadFormat(true);
      return;
    }
    setBadFormat(false);
    confirm.mutate(value);
  };
  return (
    <Section title={t('privacy.title')} testId="privacy">
      <div className="me-form">
        <a
          className="button button-secondary me-link-button"
          href={`${ME_API.base}/export`}
          download="my-data.json"
          data-testid="download"
        >
          {t('privacy.download')}
        </a>
        <p className="me-hint">{t('privacy.downloadHint')}</p>
      </div>
      <div className="me-form me-danger-zone">
        <h3>{t('privacy.delete')}</h3>
        <p className="me-hint">{t('privacy.deleteHint')}</p>
        {deletion.isSuccess ? (
          <form className="me-form" onSubmit={submit} noValidate data-testid="delete-confirm">
            <Notice kind="info">{t('privacy.deleteSent')}</Notice>
            <div className="me-field">
              <label htmlFor={`${id}-code`}>{t('privacy.codeLabel')}</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  if (confirm.isError) confirm.reset();
                }}
                aria-invalid={badFormat || confirm.isError || undefined}
                aria-describedby={badFormat || confirm.isError ? `${id}-error` : undefined}
              />
              {badFormat ? (
                <p className="me-field-error" id={`${id}-error`}>
                  {t('privacy.codeFormat')}
                </p>
              ) : null}
            </div>
            {confirm.isError ? <Notice kind="error" error={confirm.error} testId="delete-error" /> : null}
            <Button type="submit" className="me-danger" busy={confirm.isPending} data-testid="delete-account">
              {confirm.isPending ? t('privacy.deleting') : t('privacy.deleteConfirm')}
            </Button>
            <Button
              variant="quiet"
              onClick={() => {
                deletion.reset();
                confirm.reset();
                setCode('');
              }}
            >
              {t('privacy.deleteCancel')}
            </Button>
          </form>
        ) : (
          <>
            {deletion.isError ? <Notice kind="error" error={deletion.error} /> : null}
            <Button
              variant="secondary"
              busy={deletion.isPending}
              onClick={() => deletion.mutate()}
              data-testid="delete-start"
            >
              {deletion.isPending ? t('privacy.deleteSending') : t('privacy.deleteSend')}
            </Button>
          </>
        )}
      </div>
    </Section>
  );
}
