import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewRegisterKey, OfficeMe } from '../../contract/office';
import { Button } from '../../ui/button';
import { formatDateTime, formatShortDate } from '../../web/format';
import { errorWords } from '../api/error-words';
import { useCreateRegisterKey, useRegisterKeys, useRevokeRegisterKey } from '../api/queries';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/**
 * Register keys for POS integrators: the list (name, shop or all shops, created, last used),
 * create (then the key, shown this once, with a copy button), revoke (confirmed).
 */
export function KeysScreen({ me }: { me: OfficeMe }) {
  const { t, i18n } = useTranslation('office');
  const keys = useRegisterKeys();
  const revoke = useRevokeRegisterKey();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<NewRegisterKey | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = keys.data ?? [];
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('keys.title')}</h1>
        {creating || made ? null : (
          <Button
            className="office-small-button"
            onClick={() => {
              setDone(null);
              setCreating(true);
            }}
          >
            {t('keys.create')}
          </Button>
        )}
      </div>
      <p className="office-lead">{t('keys.lead')}</p>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {creating ? (
        <KeyForm
          me={me}
          onCancel={() => setCreating(false)}
          onMade={(answer) => {
            setCreating(false);
            setMade(answer);
          }}
        />
      ) : null}
      {made ? <TokenPanel made={made} onDone={() => setMade(null)} /> : null}
      <ListStates query={keys} empty={list.length === 0} emptyText={t('keys.none')}>
        <ul className="office-list" data-testid="key-list">
          {list.map((key) => (
            <li key={key.uuid} className="office-item" data-testid={`key-${key.name}`}>
              <div className="office-item-main">
                <strong>{key.name}</strong>
                <span className="office-item-sub">
                  {[
                    key.shop?.name ?? t('allShops'),
                    key.created_at
                      ? t('keys.created', { date: formatShortDate(key.created_at, i18n.language) })
                      : null,
                    key.last_used_at
                      ? t('keys.lastUsed', { date: formatDateTime(key.last_used_at, i18n.language) })
                      : t('keys.neverUsed'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {revoking === key.uuid ? (
                <Confirm
                  question={t('keys.revokeConfirm', { name: key.name })}
                  yes={t('keys.revokeYes')}
                  busy={revoke.isPending}
                  error={revoke.error}
                  onNo={() => setRevoking(null)}
                  onYes={() =>
                    revoke.mutate(key.uuid, {
                      onSuccess: () => {
                        setRevoking(null);
                        setDone(t('keys.revoked', { name: key.name }));
                      },
                    })
                  }
                />
              ) : (
                <div className="office-actions">
                  <Button
                    variant="quiet"
                    className="office-small-button"
                    aria-label={t('keys.revokeLabel', { name: key.name })}
                    onClick={() => {
                      revoke.reset();
                      setDone(null);
                      setRevoking(key.uuid);
                    }}
                  >
                    {t('keys.revoke')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

/** A new key: its name and its shop (or every shop, for an owner). */
function KeyForm({
  me,
  onCancel,
  onMade,
}: {
  me: OfficeMe;
  onCancel: () => void;
  onMade: (made: NewRegisterKey) => void;
}) {
  const { t } = useTranslation('office');
  const create = useCreateRegisterKey();
  const owner = me.staff.role === 'owner';
  const [name, setName] = useState('');
  const [shop, setShop] = useState(owner ? '' : (me.shops[0]?.uuid ?? ''));
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    setMissing(false);
    create.mutate({ name: name.trim(), shop_uuid: shop || null }, { onSuccess: onMade });
  };
  return (
    <Panel title={t('keys.createTitle')} focus testId="key-form">
      <form className="office-form" onSubmit={submit} noValidate>
        <Field
          label={t('keys.name')}
          hint={t('keys.nameHint')}
          error={missing ? t('keys.nameMissing') : null}
        >
          {(props) => (
            <input {...props} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label={t('keys.shop')}>
          {(props) => (
            <select {...props} value={shop} onChange={(e) => setShop(e.target.value)}>
              {owner ? <option value="">{t('allShops')}</option> : null}
              {me.shops.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {create.isError ? (
          <Notice kind="error">
            {errorWords(t, create.error, { name: t('keys.name'), shop_uuid: t('keys.shop') })}
          </Notice>
        ) : null}
        <div className="office-actions">
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? t('saving') : t('keys.create')}
          </Button>
          <Button variant="quiet" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The new key's token, this once: read-only, a copy button, and "you will not see it again". */
function TokenPanel({ made, onDone }: { made: NewRegisterKey; onDone: () => void }) {
  const { t } = useTranslation('office');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.token);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, no permission): the field is selected for copying by hand.
      document.getElementById('office-token')?.focus();
    }
  };
  return (
    <Panel
      title={t('keys.tokenTitle', { name: made.key.name })}
      focus
      className="office-code-panel"
      testId="new-key"
    >
      <Notice kind="info" testId="token-warning">
        <strong>{t('keys.tokenWarning')}</strong>
      </Notice>
      <div className="office-field">
        <label htmlFor="office-token">{t('keys.tokenLabel')}</label>
        <div className="office-token-row">
          <input
            id="office-token"
            className="office-token"
            readOnly
            value={made.token}
            onFocus={(e) => e.target.select()}
            data-testid="token"
          />
          <Button variant="secondary" className="office-small-button" onClick={() => void copy()}>
            {copied ? t('keys.copied') : t('keys.copy')}
          </Button>
        </div>
        <p className="office-sr" role="status">
          {copied ? t('keys.copied') : ''}
        </p>
      </div>
      <div className="office-actions">
        <Button onClick={onDone}>{t('keys.done')}</Button>
      </div>
    </Panel>
  );
}
