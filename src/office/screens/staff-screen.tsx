import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe, OfficeStaff, StaffRole } from '../../contract/office';
import { Button } from '../../ui/button';
import { type StaffValues, useRemoveStaff, useSaveStaff, useStaff } from '../api/queries';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { FormEnd } from '../components/form-end';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

const ROLES: StaffRole[] = ['owner', 'manager', 'cashier'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSCODE = /^\d{4}$/;

/** Staff: the list (role, shops, e-mail, till passcode), add, edit and remove (confirmed). */
export function StaffScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const staff = useStaff();
  const remove = useRemoveStaff();
  const [editing, setEditing] = useState<OfficeStaff | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = (staff.data ?? []).filter((member) => !member.removed_at);
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('staff.title')}</h1>
        {editing === null ? (
          <Button
            className="office-small-button"
            onClick={() => {
              setDone(null);
              setEditing('new');
            }}
          >
            {t('staff.add')}
          </Button>
        ) : null}
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <StaffForm
          member={editing === 'new' ? null : editing}
          me={me}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      ) : null}
      <ListStates query={staff} empty={list.length === 0} emptyText={t('staff.none')}>
        <ul className="office-list" data-testid="staff-list">
          {list.map((member) => {
            const self = member.uuid === me.staff.uuid;
            return (
              <li key={member.uuid} className="office-item" data-testid={`staff-${member.name}`}>
                <div className="office-item-main">
                  <strong>
                    {member.name} {self ? <span className="office-optional">{t('staff.you')}</span> : null}
                  </strong>
                  <span className="office-item-sub">
                    {[
                      member.email ?? t('staff.noEmail'),
                      member.role === 'owner'
                        ? t('allShops')
                        : member.shops.map((shop) => shop.name).join(', '),
                      member.has_passcode ? t('staff.hasPasscode') : t('staff.noPasscode'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <span className="office-badge">{t(`roles.${member.role}`)}</span>
                {removing === member.uuid ? (
                  <Confirm
                    question={t('staff.removeConfirm', { name: member.name })}
                    yes={t('staff.removeYes')}
                    busy={remove.isPending}
                    error={remove.error}
                    onNo={() => setRemoving(null)}
                    onYes={() =>
                      remove.mutate(member.uuid, {
                        onSuccess: () => {
                          setRemoving(null);
                          setDone(t('staff.removed', { name: member.name }));
                        },
                      })
                    }
                  />
                ) : (
                  <div className="office-actions">
                    <Button
                      variant="secondary"
                      className="office-small-button"
                      aria-label={`${t('edit')}: ${member.name}`}
                      onClick={() => {
                        setDone(null);
                        setEditing(member);
                      }}
                    >
                      {t('edit')}
                    </Button>
                    {self ? null : (
                      <Button
                        variant="quiet"
                        className="office-small-button"
                        aria-label={t('staff.removeLabel', { name: member.name })}
                        onClick={() => {
                          remove.reset();
                          setDone(null);
                          setRemoving(member.uuid);
                        }}
                      >
                        {t('staff.remove')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </ListStates>
    </div>
  );
}

/** Adding (`member` null) or changing a staff member; the e-mail is set when added. */
function StaffForm({
  member,
  me,
  onDone,
}: {
  member: OfficeStaff | null;
  me: OfficeMe;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('office');
  const save = useSaveStaff();
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'cashier');
  const [shops, setShops] = useState<string[]>(
    member?.shops.map((shop) => shop.uuid) ?? (me.shops.length === 1 ? [me.shops[0]!.uuid] : []),
  );
  const [passcode, setPasscode] = useState('');
  const [problems, setProblems] = useState<{ name?: boolean; email?: boolean; passcode?: boolean }>({});
  // A manager gives only the roles below their own.
  const roles = me.staff.role === 'owner' ? ROLES : ROLES.filter((r) => r !== 'owner');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: !name.trim(),
      email: !member && email.trim() !== '' && !EMAIL.test(email.trim()),
      passcode: passcode !== '' && !PASSCODE.test(passcode),
    };
    setProblems(found);
    if (found.name || found.email || found.passcode) return;
    const values: StaffValues = {
      name: name.trim(),
      role,
      shop_uuids: role === 'owner' ? [] : shops,
      ...(member ? {} : { email: email.trim() || null }),
      ...(passcode ? { passcode } : {}),
    };
    save.mutate(
      { uuid: member?.uuid ?? null, values },
      { onSuccess: () => onDone(member ? t('staff.saved') : t('staff.added', { name: values.name })) },
    );
  };
  const labels = {
    name: t('staff.name'),
    email: t('staff.email'),
    role: t('staff.role'),
    shop_uuids: t('staff.shops'),
    passcode: t('staff.passcode'),
  };
  return (
    <Panel
      title={member ? t('staff.editTitle', { name: member.name }) : t('staff.addTitle')}
      focus
      testId="staff-form"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        <Field label={t('staff.name')} error={problems.name ? t('staff.nameMissing') : null}>
          {(props) => (
            <input {...props} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        {member ? null : (
          <Field
            label={t('staff.email')}
            hint={t('staff.emailHint')}
            optional={t('optional')}
            error={problems.email ? t('staff.emailInvalid') : null}
          >
            {(props) => (
              <input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field label={t('staff.role')} hint={t('staff.roleHint')}>
          {(props) => (
            <select {...props} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {role === 'owner' ? null : (
          <fieldset className="office-fieldset">
            <legend>{t('staff.shops')}</legend>
            <div className="office-choices">
              {me.shops.map((shop) => (
                <label key={shop.uuid} className="office-check">
                  <input
                    type="checkbox"
                    checked={shops.includes(shop.uuid)}
                    onChange={(e) =>
                      setShops((old) =>
                        e.target.checked ? [...old, shop.uuid] : old.filter((uuid) => uuid !== shop.uuid),
                      )
                    }
                  />
                  {shop.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field
          label={t('staff.passcode')}
          hint={member?.has_passcode ? t('staff.passcodeEditHint') : t('staff.passcodeHint')}
          optional={t('optional')}
          error={problems.passcode ? t('staff.passcodeInvalid') : null}
        >
          {(props) => (
            <input
              {...props}
              className="office-passcode"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={passcode}
              onChange={(e) => setPasscode(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}
