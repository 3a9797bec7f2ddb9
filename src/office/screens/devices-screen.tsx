import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceKind, OfficeDevice, OfficeMe, PairingCode } from '../../contract/office';
import { Button } from '../../ui/button';
import { formatShortDate } from '../../web/format';
import { errorWords } from '../api/error-words';
import {
  useAddDevice,
  useDevices,
  useNewPairingCode,
  useRevokeDevice,
  useUpdateDevice,
} from '../api/queries';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/** The clock, once a second: a countdown's now (ms). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Seconds as m:ss: 899 → "14:59". */
export function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The form open on the page: a new device of a kind, or a device's name and shop. */
type Editing = { kind: DeviceKind } | { device: OfficeDevice } | null;
/** The code on show: the device it pairs and the code. */
type Shown = { device: OfficeDevice; pairing: PairingCode } | null;

/**
 * Devices by shop with their status: add a tablet or a console phone (then its pairing code, big,
 * with its countdown and where to type it), a new code, rename or move, revoke (confirmed).
 */
export function DevicesScreen({ me }: { me: OfficeMe }) {
  const { t, i18n } = useTranslation('office');
  const devices = useDevices();
  const newCode = useNewPairingCode();
  const revoke = useRevokeDevice();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = devices.data ?? [];
  const shops = me.shops;
  const open = (next: Editing) => {
    setDone(null);
    setShown(null);
    setEditing(next);
  };
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('devices.title')}</h1>
        {shops.length > 0 ? (
          <div className="office-actions">
            <Button className="office-small-button" onClick={() => open({ kind: 'tablet' })}>
              {t('devices.addTablet')}
            </Button>
            <Button className="office-small-button" onClick={() => open({ kind: 'console' })}>
              {t('devices.addConsole')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="office-lead">{t('devices.lead')}</p>
      {shops.length === 0 ? <Notice kind="info">{t('devices.noShops')}</Notice> : null}
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing ? (
        <DeviceForm
          editing={editing}
          me={me}
          onCancel={() => setEditing(null)}
          onDone={(result) => {
            setEditing(null);
            if ('pairing' in result) setShown(result);
            else setDone(t('devices.saved'));
          }}
        />
      ) : null}
      {shown ? <CodePanel shown={shown} onClose={() => setShown(null)} /> : null}
      {newCode.isError ? <Notice kind="error" error={newCode.error} /> : null}
      <ListStates query={devices} empty={list.length === 0} emptyText={t('devices.none')}>
        {shops
          .filter((shop) => list.some((device) => device.shop.uuid === shop.uuid))
          .concat(
            // A device of a shop the list of shops does not name (closed meanwhile): still shown.
            [
              ...new Map(
                list
                  .filter((d) => !shops.some((s) => s.uuid === d.shop.uuid))
                  .map((d) => [d.shop.uuid, d.shop]),
              ).values(),
            ],
          )
          .map((shop) => (
            <Panel key={shop.uuid} title={shop.name} testId={`devices-of-${shop.name}`}>
              <ul className="office-list">
                {list
                  .filter((device) => device.shop.uuid === shop.uuid)
                  .map((device) => (
                    <li key={device.uuid} className="office-item" data-testid={`device-${device.name}`}>
                      <div className="office-item-main">
                        <strong>{device.name}</strong>
                        <span className="office-item-sub">
                          {t(`devices.${device.kind}`)}
                          {device.created_at
                            ? ` · ${t('devices.created', { date: formatShortDate(device.created_at, i18n.language) })}`
                            : ''}
                        </span>
                      </div>
                      <span
                        className={`office-badge office-badge-${device.status}`}
                        data-testid="device-status"
                      >
                        {t(`devices.status.${device.status}`)}
                      </span>
                      {revoking === device.uuid ? (
                        <Confirm
                          question={t('devices.revokeConfirm', { name: device.name })}
                          yes={t('devices.revokeYes')}
                          busy={revoke.isPending}
                          error={revoke.error}
                          onNo={() => setRevoking(null)}
                          onYes={() =>
                            revoke.mutate(device.uuid, {
                              onSuccess: () => {
                                setRevoking(null);
                                if (shown?.device.uuid === device.uuid) setShown(null);
                                setDone(t('devices.revoked', { name: device.name }));
                              },
                            })
                          }
                        />
                      ) : device.status === 'revoked' ? null : (
                        <div className="office-actions">
                          {device.status === 'waiting' ? (
                            <Button
                              variant="secondary"
                              className="office-small-button"
                              aria-label={t('devices.newCodeLabel', { name: device.name })}
                              busy={newCode.isPending && newCode.variables === device.uuid}
                              onClick={() =>
                                newCode.mutate(device.uuid, {
                                  onSuccess: (pairing) => {
                                    setEditing(null);
                                    setDone(null);
                                    setShown({ device, pairing });
                                  },
                                })
                              }
                            >
                              {t('devices.newCode')}
                            </Button>
                          ) : null}
                          <Button
                            variant="secondary"
                            className="office-small-button"
                            aria-label={`${t('devices.rename')}: ${device.name}`}
                            onClick={() => open({ device })}
                          >
                            {t('devices.rename')}
                          </Button>
                          <Button
                            variant="quiet"
                            className="office-small-button"
                            aria-label={t('devices.revokeLabel', { name: device.name })}
                            onClick={() => {
                              revoke.reset();
                              setDone(null);
                              setRevoking(device.uuid);
                            }}
                          >
                            {t('devices.revoke')}
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
              </ul>
            </Panel>
          ))}
      </ListStates>
    </div>
  );
}

/** Adding a device of a kind (answered with its pairing code) or renaming and moving one. */
function DeviceForm({
  editing,
  me,
  onCancel,
  onDone,
}: {
  editing: NonNullable<Editing>;
  me: OfficeMe;
  onCancel: () => void;
  onDone: (result: NonNullable<Shown> | { saved: true }) => void;
}) {
  const { t } = useTranslation('office');
  const add = useAddDevice();
  const update = useUpdateDevice();
  const device = 'device' in editing ? editing.device : null;
  const kind = device?.kind ?? ('kind' in editing ? editing.kind : 'tablet');
  const [name, setName] = useState(device?.name ?? '');
  const [shop, setShop] = useState(device?.shop.uuid ?? me.shops[0]?.uuid ?? '');
  const [missing, setMissing] = useState(false);
  const mutation = device ? update : add;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    setMissing(false);
    if (device)
      update.mutate(
        { uuid: device.uuid, name: name.trim(), shop_uuid: shop },
        { onSuccess: () => onDone({ saved: true }) },
      );
    else add.mutate({ kind, name: name.trim(), shop_uuid: shop }, { onSuccess: (answer) => onDone(answer) });
  };
  const title = device
    ? t('devices.editTitle', { name: device.name })
    : kind === 'tablet'
      ? t('devices.addTabletTitle')
      : t('devices.addConsoleTitle');
  return (
    <Panel title={title} focus testId="device-form">
      <form className="office-form" onSubmit={submit} noValidate>
        <Field
          label={t('devices.name')}
          hint={t('devices.nameHint')}
          error={missing ? t('devices.nameMissing') : null}
        >
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('devices.shop')}>
          {(props) => (
            <select {...props} value={shop} onChange={(e) => setShop(e.target.value)}>
              {me.shops.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {mutation.isError ? (
          <Notice kind="error">
            {errorWords(t, mutation.error, { name: t('devices.name'), shop_uuid: t('devices.shop') })}
          </Notice>
        ) : null}
        <div className="office-actions">
          <Button type="submit" busy={mutation.isPending}>
            {mutation.isPending ? t('saving') : t('save')}
          </Button>
          <Button variant="quiet" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** A pairing code, big and spaced, with its countdown and where to type it; "Done" hides it. */
function CodePanel({ shown, onClose }: { shown: NonNullable<Shown>; onClose: () => void }) {
  const { t } = useTranslation('office');
  const now = useNow();
  const left = Math.max(0, Math.ceil((Date.parse(shown.pairing.expires_at) - now) / 1000));
  const address = `${window.location.origin}/cashier/`;
  return (
    <Panel
      title={t('devices.codeTitle', { name: shown.device.name })}
      focus
      className="office-code-panel"
      testId="pairing"
    >
      <p className="office-lead">
        {shown.device.kind === 'tablet' ? t('devices.codeTablet') : t('devices.codeConsole', { address })}
      </p>
      {left > 0 ? (
        <>
          <p className="office-code" data-testid="pairing-code">
            <span className="office-sr">{t('devices.codeLabel')}: </span>
            <span aria-hidden="true">{shown.pairing.code}</span>
            {/* Read a character at a time, as it is typed. */}
            <span className="office-sr">{shown.pairing.code.split('').join(' ')}</span>
          </p>
          <p className="office-countdown" data-testid="countdown">
            {t('devices.expiresIn', { time: minutesSeconds(left) })}
          </p>
        </>
      ) : (
        <Notice kind="error" testId="code-expired">
          {t('devices.expired')}
        </Notice>
      )}
      <div className="office-actions">
        <Button variant="secondary" className="office-small-button" onClick={onClose}>
          {t('devices.codeDone')}
        </Button>
      </div>
    </Panel>
  );
}
