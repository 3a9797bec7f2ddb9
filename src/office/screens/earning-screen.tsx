import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type {
  EarningOverview,
  EarningRule,
  OfficeSessionDefaults,
  OfficeSubscriptionType,
  OfficeTier,
  OfficeUnit,
} from '../../contract/office-programme-rules';
import { SESSION_DEFAULTS } from '../../contract/session-types';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { errorWords, type OfficeT } from '../api/error-words';
import {
  type RuleValues,
  useEarning,
  useRemoveRule,
  useRemoveTier,
  useSaveRule,
  useSaveSessionDefaults,
  useSaveSubscriptionType,
  useSaveTier,
  useSaveUnit,
} from '../api/programme-rules-queries';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { FormEnd } from '../components/form-end';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/*
 * Earning (docs/office.md "Earning and promotions"): what customers earn — the earning rules, the
 * tiers, the units and the subscription types — and the settings a till starts a session with.
 * Everyone in the office reads it; only the owner sees the buttons that change it (the service
 * refuses anyone else).
 */

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Weekday `day` (1 = Monday … 7 = Sunday) in short words. */
function dayWord(t: OfficeT, day: number): string {
  const key = DAY_KEYS[day - 1];
  return key ? t(`programmeRules.days.${key}`) : String(day);
}

/** A rule in words: "Gold · 1.5 per Purchase amount, rounded down · Tue, Wed 14:00–17:00". */
export function ruleWords(t: OfficeT, rule: EarningRule, data: EarningOverview): string {
  const unit = data.units.find((u) => u.name === rule.unit_name)?.label ?? rule.unit_name;
  const tier = rule.tier_uuid
    ? (data.tiers.find((x) => x.uuid === rule.tier_uuid)?.name ?? '?')
    : t('programmeRules.anyTier');
  const days = rule.weekdays?.length
    ? rule.weekdays.map((d) => dayWord(t, d)).join(', ')
    : t('programmeRules.everyDay');
  const hours =
    rule.from_time || rule.until_time ? ` ${rule.from_time ?? '00:00'}–${rule.until_time ?? '24:00'}` : '';
  return `${tier} · ${t('programmeRules.perUnit', { count: Number(rule.credits_per_unit), credits: rule.credits_per_unit, unit })}, ${t(
    `programmeRules.rounding.${rule.rounding}`,
  )} · ${days}${hours}`;
}

/** The earning screen: rules, tiers, units, subscription types, session defaults. */
export function EarningScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const earning = useEarning();
  const owner = me.staff.role === 'owner';
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('programmeRules.earningTitle')}</h1>
      </div>
      <p className="office-lead">{owner ? t('programmeRules.earningLead') : t('programmeRules.readOnly')}</p>
      <ListStates query={earning} empty={false} emptyText="">
        {earning.data ? (
          <>
            <RulesPanel data={earning.data} owner={owner} />
            <TiersPanel data={earning.data} owner={owner} />
            <UnitsPanel units={earning.data.units} owner={owner} />
            <TypesPanel types={earning.data.subscription_types} owner={owner} />
            <DefaultsPanel defaults={earning.data.session_defaults} owner={owner} />
          </>
        ) : null}
      </ListStates>
    </div>
  );
}

/** The list's "Add …" button and the form it opens. */
function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return { editing, setEditing, done, setDone };
}

function RulesPanel({ data, owner }: { data: EarningOverview; owner: boolean }) {
  const { t } = useTranslation('office');
  const { editing, setEditing, done, setDone } = useEditing<EarningRule>();
  const remove = useRemoveRule();
  const [removing, setRemoving] = useState<number | null>(null);
  return (
    <Panel title={t('programmeRules.rulesTitle')} lead={t('programmeRules.rulesLead')} testId="rules">
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <RuleForm
          rule={editing === 'new' ? null : editing}
          data={data}
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      {data.rules.length === 0 ? <p className="office-empty">{t('programmeRules.noRules')}</p> : null}
      <ul className="office-list" data-testid="rule-list">
        {data.rules.map((rule) => (
          <li key={rule.id} className="office-item" data-testid={`rule-${rule.id}`}>
            <div className="office-item-main">
              <span>{ruleWords(t, rule, data)}</span>
            </div>
            {owner && removing === rule.id ? (
              <Confirm
                question={t('programmeRules.removeRuleConfirm')}
                yes={t('programmeRules.removeYes')}
                busy={remove.isPending}
                error={remove.error}
                onNo={() => setRemoving(null)}
                onYes={() =>
                  remove.mutate(rule.id, {
                    onSuccess: () => {
                      setRemoving(null);
                      setDone(t('programmeRules.ruleRemoved'));
                    },
                  })
                }
              />
            ) : owner ? (
              <div className="office-actions">
                <Button
                  variant="secondary"
                  className="office-small-button"
                  aria-label={`${t('edit')}: ${ruleWords(t, rule, data)}`}
                  onClick={() => {
                    setDone(null);
                    setEditing(rule);
                  }}
                >
                  {t('edit')}
                </Button>
                <Button
                  variant="quiet"
                  className="office-small-button"
                  aria-label={`${t('programmeRules.remove')}: ${ruleWords(t, rule, data)}`}
                  onClick={() => {
                    remove.reset();
                    setRemoving(rule.id);
                  }}
                >
                  {t('programmeRules.remove')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && editing === null ? (
        <Button className="office-small-button" onClick={() => setEditing('new')}>
          {t('programmeRules.addRule')}
        </Button>
      ) : null}
    </Panel>
  );
}

function RuleForm({
  rule,
  data,
  onDone,
}: {
  rule: EarningRule | null;
  data: EarningOverview;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('office');
  const save = useSaveRule();
  const defaultUnit = data.units.find((u) => u.is_default)?.name ?? data.units[0]?.name ?? '';
  const [values, setValues] = useState<RuleValues>({
    unit_name: rule?.unit_name ?? defaultUnit,
    credits_per_unit: rule?.credits_per_unit ?? '1',
    rounding: rule?.rounding ?? 'floor',
    tier_uuid: rule?.tier_uuid ?? null,
    weekdays: rule?.weekdays ?? null,
    from_time: rule?.from_time ?? null,
    until_time: rule?.until_time ?? null,
  });
  const set = (change: Partial<RuleValues>) => setValues((old) => ({ ...old, ...change }));
  const labels = {
    unit_name: t('programmeRules.unit'),
    credits_per_unit: t('programmeRules.credits'),
    rounding: t('programmeRules.roundingLabel'),
    tier_uuid: t('programmeRules.tier'),
    weekdays: t('programmeRules.weekdays'),
    from_time: t('programmeRules.from'),
    until_time: t('programmeRules.until'),
  };
  const fieldError = (name: keyof typeof labels) =>
    save.error instanceof ApiError && save.error.fields.includes(name)
      ? t('programmeRules.checkField')
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: rule?.id ?? null, values },
      { onSuccess: () => onDone(rule ? t('programmeRules.ruleSaved') : t('programmeRules.ruleAdded')) },
    );
  };
  const toggleDay = (day: number) => {
    const days = new Set(values.weekdays ?? []);
    if (days.has(day)) days.delete(day);
    else days.add(day);
    set({ weekdays: days.size ? [...days].sort() : null });
  };
  return (
    <Panel title={rule ? t('programmeRules.editRule') : t('programmeRules.newRule')} focus testId="rule-form">
      <form className="office-form" onSubmit={submit} noValidate>
        <div className="office-earning-row">
          <Field
            label={labels.credits_per_unit}
            hint={t('programmeRules.creditsHint')}
            error={fieldError('credits_per_unit')}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                value={values.credits_per_unit}
                onChange={(e) => set({ credits_per_unit: e.target.value.replace(',', '.') })}
              />
            )}
          </Field>
          <Field label={labels.unit_name} error={fieldError('unit_name')}>
            {(props) => (
              <select
                {...props}
                value={values.unit_name}
                onChange={(e) => set({ unit_name: e.target.value })}
              >
                {data.units.map((u) => (
                  <option key={u.name} value={u.name}>
                    {u.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={labels.rounding} error={fieldError('rounding')}>
            {(props) => (
              <select
                {...props}
                value={values.rounding}
                onChange={(e) => set({ rounding: e.target.value as RuleValues['rounding'] })}
              >
                {(['floor', 'round', 'ceil'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`programmeRules.rounding.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={labels.tier_uuid} error={fieldError('tier_uuid')}>
            {(props) => (
              <select
                {...props}
                value={values.tier_uuid ?? ''}
                onChange={(e) => set({ tier_uuid: e.target.value || null })}
              >
                <option value="">{t('programmeRules.anyTier')}</option>
                {data.tiers.map((tier) => (
                  <option key={tier.uuid} value={tier.uuid}>
                    {tier.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset className="office-fieldset" aria-invalid={fieldError('weekdays') ? true : undefined}>
          <legend>
            {labels.weekdays} <span className="office-optional">{t('programmeRules.weekdaysHint')}</span>
          </legend>
          <div className="office-earning-days">
            {WEEKDAYS.map((day) => (
              <label key={day} className="office-earning-day">
                <input
                  type="checkbox"
                  checked={values.weekdays?.includes(day) ?? false}
                  onChange={() => toggleDay(day)}
                />
                {dayWord(t, day)}
              </label>
            ))}
          </div>
          {fieldError('weekdays') ? (
            <p className="office-field-error">{t('programmeRules.checkField')}</p>
          ) : null}
        </fieldset>
        <div className="office-earning-row">
          <Field label={labels.from_time} optional={t('optional')} error={fieldError('from_time')}>
            {(props) => (
              <input
                {...props}
                type="time"
                value={values.from_time ?? ''}
                onChange={(e) => set({ from_time: e.target.value || null })}
              />
            )}
          </Field>
          <Field label={labels.until_time} optional={t('optional')} error={fieldError('until_time')}>
            {(props) => (
              <input
                {...props}
                type="time"
                value={values.until_time ?? ''}
                onChange={(e) => set({ until_time: e.target.value || null })}
              />
            )}
          </Field>
        </div>
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}

function TiersPanel({ data, owner }: { data: EarningOverview; owner: boolean }) {
  const { t } = useTranslation('office');
  const { editing, setEditing, done, setDone } = useEditing<OfficeTier>();
  const remove = useRemoveTier();
  const [removing, setRemoving] = useState<string | null>(null);
  const removeError =
    remove.error instanceof ApiError && remove.error.reason === 'tier_in_use' ? (
      <Notice kind="error">{t('programmeRules.tierInUse')}</Notice>
    ) : null;
  return (
    <Panel title={t('programmeRules.tiersTitle')} lead={t('programmeRules.tiersLead')} testId="tiers">
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <NameForm
          title={
            editing === 'new'
              ? t('programmeRules.newTier')
              : t('programmeRules.editTier', { name: editing.name })
          }
          initial={editing === 'new' ? null : editing}
          withPosition
          kind="tier"
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      {data.tiers.length === 0 ? <p className="office-empty">{t('programmeRules.noTiers')}</p> : null}
      <ul className="office-list" data-testid="tier-list">
        {data.tiers.map((tier) => (
          <li key={tier.uuid} className="office-item" data-testid={`tier-${tier.name}`}>
            <div className="office-item-main">
              <strong>{tier.name}</strong>
              <span className="office-item-sub">
                {[tier.description, t('programmeRules.tierContacts', { count: tier.contacts })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            {owner && removing === tier.uuid ? (
              <div>
                <Confirm
                  question={t('programmeRules.removeTierConfirm', { name: tier.name })}
                  yes={t('programmeRules.removeYes')}
                  busy={remove.isPending}
                  error={removeError ? null : remove.error}
                  onNo={() => setRemoving(null)}
                  onYes={() =>
                    remove.mutate(tier.uuid, {
                      onSuccess: () => {
                        setRemoving(null);
                        setDone(t('programmeRules.tierRemoved', { name: tier.name }));
                      },
                    })
                  }
                />
                {removeError}
              </div>
            ) : owner ? (
              <div className="office-actions">
                <Button
                  variant="secondary"
                  className="office-small-button"
                  aria-label={`${t('edit')}: ${tier.name}`}
                  onClick={() => {
                    setDone(null);
                    setEditing(tier);
                  }}
                >
                  {t('edit')}
                </Button>
                <Button
                  variant="quiet"
                  className="office-small-button"
                  aria-label={`${t('programmeRules.remove')}: ${tier.name}`}
                  onClick={() => {
                    remove.reset();
                    setRemoving(tier.uuid);
                  }}
                >
                  {t('programmeRules.remove')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && editing === null ? (
        <Button className="office-small-button" onClick={() => setEditing('new')}>
          {t('programmeRules.addTier')}
        </Button>
      ) : null}
    </Panel>
  );
}

/** A tier's form (name, description, position) or a subscription type's (name, description, active, strategy). */
function NameForm({
  title,
  initial,
  kind,
  withPosition = false,
  onDone,
}: {
  title: string;
  initial: OfficeTier | OfficeSubscriptionType | null;
  kind: 'tier' | 'type';
  withPosition?: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('office');
  const saveTier = useSaveTier();
  const saveType = useSaveSubscriptionType();
  const save = kind === 'tier' ? saveTier : saveType;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [position, setPosition] = useState(initial && 'position' in initial ? String(initial.position) : '');
  const [active, setActive] = useState(initial && 'active' in initial ? initial.active : true);
  const [strategy, setStrategy] = useState<OfficeSubscriptionType['strategy']>(
    initial && 'strategy' in initial ? initial.strategy : 'OPT_IN',
  );
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    setMissing(false);
    const base = { name: name.trim(), description: description.trim() || null };
    const message = initial ? t('programmeRules.saved') : t('programmeRules.added', { name: base.name });
    if (kind === 'tier') {
      const values = position.trim() ? { ...base, position: Number(position) } : base;
      saveTier.mutate(
        { uuid: initial && 'uuid' in initial ? initial.uuid : null, values },
        { onSuccess: () => onDone(message) },
      );
    } else {
      saveType.mutate(
        { id: initial && 'id' in initial ? initial.id : null, values: { ...base, active, strategy } },
        { onSuccess: () => onDone(message) },
      );
    }
  };
  const labels = {
    name: t('programmeRules.name'),
    description: t('programmeRules.description'),
    position: t('programmeRules.position'),
  };
  return (
    <Panel title={title} focus testId={`${kind}-form`}>
      <form className="office-form" onSubmit={submit} noValidate>
        <Field label={labels.name} error={missing ? t('programmeRules.nameMissing') : null}>
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={labels.description} optional={t('optional')}>
          {(props) => (
            <input {...props} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        {withPosition ? (
          <Field label={labels.position} hint={t('programmeRules.positionHint')} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={position}
                onChange={(e) => setPosition(e.target.value)}
              />
            )}
          </Field>
        ) : (
          <>
            <Field label={t('programmeRules.strategy')}>
              {(props) => (
                <select
                  {...props}
                  value={strategy}
                  onChange={(e) => setStrategy(e.target.value as OfficeSubscriptionType['strategy'])}
                >
                  {(['OPT_IN', 'DOUBLE_OPT_IN', 'OPT_OUT'] as const).map((s) => (
                    <option key={s} value={s}>
                      {t(`programmeRules.strategies.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <label className="office-earning-check">
              <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
              {t('programmeRules.active')}
            </label>
          </>
        )}
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}

function UnitsPanel({ units, owner }: { units: OfficeUnit[]; owner: boolean }) {
  const { t } = useTranslation('office');
  const { editing, setEditing, done, setDone } = useEditing<OfficeUnit>();
  return (
    <Panel title={t('programmeRules.unitsTitle')} lead={t('programmeRules.unitsLead')} testId="units">
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <UnitForm
          unit={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      <ul className="office-list" data-testid="unit-list">
        {units.map((unit) => (
          <li key={unit.name} className="office-item" data-testid={`unit-${unit.name}`}>
            <div className="office-item-main">
              <strong>
                {unit.prefix} {unit.label}
              </strong>
              <span className="office-item-sub">
                {[unit.name, unit.is_default ? t('programmeRules.defaultUnit') : null]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            {owner ? (
              <Button
                variant="secondary"
                className="office-small-button"
                aria-label={`${t('edit')}: ${unit.label}`}
                onClick={() => {
                  setDone(null);
                  setEditing(unit);
                }}
              >
                {t('edit')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && editing === null ? (
        <Button className="office-small-button" onClick={() => setEditing('new')}>
          {t('programmeRules.addUnit')}
        </Button>
      ) : null}
    </Panel>
  );
}

function UnitForm({ unit, onDone }: { unit: OfficeUnit | null; onDone: (message: string) => void }) {
  const { t } = useTranslation('office');
  const save = useSaveUnit();
  const [name, setName] = useState(unit?.name ?? '');
  const [label, setLabel] = useState(unit?.label ?? '');
  const [prefix, setPrefix] = useState(unit?.prefix ?? '');
  const [isDefault, setDefault] = useState(unit?.is_default ?? false);
  const labels = {
    name: t('programmeRules.unitName'),
    label: t('programmeRules.unitLabel'),
    prefix: t('programmeRules.unitPrefix'),
    is_default: t('programmeRules.defaultUnit'),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { isNew: unit === null, values: { name: name.trim(), label, prefix, is_default: isDefault } },
      {
        onSuccess: () =>
          onDone(unit ? t('programmeRules.saved') : t('programmeRules.added', { name: label.trim() })),
      },
    );
  };
  return (
    <Panel
      title={unit ? t('programmeRules.editUnit', { name: unit.label }) : t('programmeRules.newUnit')}
      focus
      testId="unit-form"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        {unit ? null : (
          <Field label={labels.name} hint={t('programmeRules.unitNameHint')}>
            {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
        )}
        <Field label={labels.label}>
          {(props) => <input {...props} value={label} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <Field label={labels.prefix} hint={t('programmeRules.unitPrefixHint')}>
          {(props) => <input {...props} value={prefix} onChange={(e) => setPrefix(e.target.value)} />}
        </Field>
        {unit?.is_default ? null : (
          <label className="office-earning-check">
            <input type="checkbox" checked={isDefault} onChange={(e) => setDefault(e.target.checked)} />
            {t('programmeRules.makeDefault')}
          </label>
        )}
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}

function TypesPanel({ types, owner }: { types: OfficeSubscriptionType[]; owner: boolean }) {
  const { t } = useTranslation('office');
  const { editing, setEditing, done, setDone } = useEditing<OfficeSubscriptionType>();
  return (
    <Panel title={t('programmeRules.typesTitle')} lead={t('programmeRules.typesLead')} testId="types">
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <NameForm
          title={
            editing === 'new'
              ? t('programmeRules.newType')
              : t('programmeRules.editType', { name: editing.name })
          }
          initial={editing === 'new' ? null : editing}
          kind="type"
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      <ul className="office-list" data-testid="type-list">
        {types.map((type) => (
          <li key={type.id} className="office-item" data-testid={`type-${type.name}`}>
            <div className="office-item-main">
              <strong>{type.name}</strong>
              <span className="office-item-sub">
                {[type.description, t(`programmeRules.strategies.${type.strategy}`)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <span className={`office-badge office-badge-${type.active ? 'on' : 'off'}`}>
              {type.active ? t('programmeRules.offered') : t('programmeRules.notOffered')}
            </span>
            {owner ? (
              <Button
                variant="secondary"
                className="office-small-button"
                aria-label={`${t('edit')}: ${type.name}`}
                onClick={() => {
                  setDone(null);
                  setEditing(type);
                }}
              >
                {t('edit')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {owner && editing === null ? (
        <Button className="office-small-button" onClick={() => setEditing('new')}>
          {t('programmeRules.addType')}
        </Button>
      ) : null}
    </Panel>
  );
}

const SWITCHES = [
  'enable_email_identification',
  'enable_registration',
  'enable_on_screen_keyboard',
  'allow_multiple_giftcards',
] as const;
/** The spec's defaults (contract/session-types.ts), shown where the account sets nothing. */
const SPEC = SESSION_DEFAULTS;

function DefaultsPanel({ defaults, owner }: { defaults: OfficeSessionDefaults; owner: boolean }) {
  const { t } = useTranslation('office');
  const save = useSaveSessionDefaults();
  const [values, setValues] = useState<OfficeSessionDefaults>(defaults);
  const [saved, setSaved] = useState(false);
  const value = <K extends keyof OfficeSessionDefaults>(key: K) =>
    (values[key] ?? SPEC[key]) as NonNullable<OfficeSessionDefaults[K]>;
  const set = (change: OfficeSessionDefaults) => {
    setSaved(false);
    setValues((old) => ({ ...old, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => setSaved(true) });
  };
  return (
    <Panel
      title={t('programmeRules.defaultsTitle')}
      lead={t('programmeRules.defaultsLead')}
      testId="session-defaults"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        <fieldset className="office-fieldset" disabled={!owner}>
          <legend>{t('programmeRules.defaultsSwitches')}</legend>
          {SWITCHES.map((key) => (
            <label key={key} className="office-earning-check">
              <input
                type="checkbox"
                checked={value(key)}
                onChange={(e) => set({ [key]: e.target.checked })}
              />
              {t(`programmeRules.defaults.${key}`)}
            </label>
          ))}
        </fieldset>
        <div className="office-earning-row">
          <Field label={t('programmeRules.defaults.scanner_type')}>
            {(props) => (
              <select
                {...props}
                disabled={!owner}
                value={value('scanner_type')}
                onChange={(e) => set({ scanner_type: e.target.value as 'camera' | 'hand_scanner' })}
              >
                <option value="camera">{t('programmeRules.defaults.camera')}</option>
                <option value="hand_scanner">{t('programmeRules.defaults.hand_scanner')}</option>
              </select>
            )}
          </Field>
          <Field label={t('programmeRules.defaults.primary_identification_method')}>
            {(props) => (
              <select
                {...props}
                disabled={!owner}
                value={value('primary_identification_method')}
                onChange={(e) =>
                  set({ primary_identification_method: e.target.value as 'email' | 'identifier' })
                }
              >
                <option value="identifier">{t('programmeRules.defaults.identifier')}</option>
                <option value="email">{t('programmeRules.defaults.email')}</option>
              </select>
            )}
          </Field>
        </div>
        {saved ? <Notice kind="success">{t('programmeRules.defaultsSaved')}</Notice> : null}
        {save.isError ? <Notice kind="error">{errorWords(t, save.error)}</Notice> : null}
        {owner ? (
          <div className="office-actions">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? t('saving') : t('save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Panel>
  );
}
