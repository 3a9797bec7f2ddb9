import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileField } from '../../contract/me';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { formatDate } from '../../web/format';
import { useProfile, useSaveProfile } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';
import { en } from '../i18n/en';
import { changed, type Draft, draftOf, type FieldProblem, problemOf, sentValue } from './profile-form';

/**
 * The profile: every editable field the service lists (the account's contact fields and custom
 * attributes), each as its type asks (text, e-mail, select, multi-select, date, birth date, yes/no,
 * number), checked by its definition before saving; only changed values are sent. A value the
 * service refuses is marked on its field, and nothing is saved. Member since under the heading.
 */
export function ProfileSection() {
  const { t, i18n } = useTranslation('me');
  const profile = useProfile();
  const save = useSaveProfile();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [shown, setShown] = useState(false);
  const [nothing, setNothing] = useState(false);
  const fields = profile.data?.fields ?? [];
  useEffect(() => {
    if (profile.data) setDrafts(Object.fromEntries(profile.data.fields.map((f) => [f.name, draftOf(f)])));
  }, [profile.data]);

  if (profile.isError)
    return (
      <Section title={t('profile.title')} testId="profile">
        <Notice kind="error" error={profile.error} retry={() => profile.refetch()} />
      </Section>
    );
  if (!profile.data)
    return (
      <Section title={t('profile.title')} testId="profile">
        <p role="status">{t('loading')}</p>
      </Section>
    );

  const draft = (field: ProfileField) => drafts[field.name] ?? draftOf(field);
  const problems = new Map<string, FieldProblem>();
  for (const field of fields) {
    const problem = problemOf(field, draft(field));
    if (problem) problems.set(field.name, problem);
  }
  const refused = save.error instanceof ApiError ? save.error.fields : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (problems.size > 0) return;
    const values: Record<string, ProfileField['value']> = {};
    for (const field of fields)
      if (changed(field, draft(field))) values[field.name] = sentValue(field, draft(field));
    if (Object.keys(values).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    save.mutate(values, { onSuccess: () => setShown(false) });
  };
  const edit = (name: string, value: Draft) => {
    setDrafts((old) => ({ ...old, [name]: value }));
    setNothing(false);
    if (save.isSuccess || save.isError) save.reset();
  };
  const memberSince = profile.data.member_since;

  return (
    <Section
      title={t('profile.title')}
      lead={memberSince ? t('profile.memberSince', { date: formatDate(memberSince, i18n.language) }) : null}
      testId="profile"
    >
      <form className="me-form" onSubmit={submit} noValidate>
        {fields.map((field) => {
          const problem = shown ? problems.get(field.name) : undefined;
          const words = problem
            ? problemWords(t, problem)
            : refused.includes(field.name)
              ? t('profile.refused')
              : null;
          return (
            <FieldInput
              key={field.name}
              field={field}
              draft={draft(field)}
              error={words}
              onChange={(value) => edit(field.name, value)}
            />
          );
        })}
        {shown && problems.size > 0 ? <Notice kind="error">{t('profile.fix')}</Notice> : null}
        {save.isError ? <Notice kind="error" error={save.error} /> : null}
        {save.isSuccess ? (
          <Notice kind="success" testId="profile-saved">
            {t('profile.saved')}
          </Notice>
        ) : null}
        {nothing ? <Notice kind="info">{t('profile.nothingChanged')}</Notice> : null}
        <Button type="submit" busy={save.isPending} data-testid="profile-save">
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </Section>
  );
}

function problemWords(t: ReturnType<typeof useTranslation<'me'>>['t'], problem: FieldProblem): string {
  switch (problem.key) {
    case 'tooLong':
      return t('profile.tooLong', { max: problem.max });
    default:
      return t(`profile.${problem.key}`);
  }
}

/** One field's input by its type, its label, "optional" when not required, and its error under it. */
function FieldInput({
  field,
  draft,
  error,
  onChange,
}: {
  field: ProfileField;
  draft: Draft;
  error: string | null;
  onChange: (value: Draft) => void;
}) {
  const { t } = useTranslation('me');
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  // The account's own contact fields in the page's language; custom attributes as the shop named them.
  const known =
    !field.custom && field.name in LABELS ? t(`profile.labels.${field.name as keyof typeof LABELS}`) : null;
  const label = (
    <>
      {known ?? field.label}
      {field.required || field.type === 'boolean' ? null : (
        <span className="me-optional"> ({t('profile.optional')})</span>
      )}
    </>
  );
  const errorLine = error ? (
    <p className="me-field-error" id={errorId}>
      {error}
    </p>
  ) : null;
  const testId = `field-${field.name}`;

  if (field.type === 'boolean')
    return (
      <div className="me-field me-check" data-testid={testId}>
        <input
          id={id}
          type="checkbox"
          checked={draft === true}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid}
          aria-describedby={described}
        />
        <label htmlFor={id}>{label}</label>
        {errorLine}
      </div>
    );
  if (field.type === 'multi_select')
    return (
      <fieldset className="me-field me-choices" data-testid={testId} aria-describedby={described}>
        <legend>{label}</legend>
        {(field.options ?? []).map((option) => {
          const values = Array.isArray(draft) ? draft : [];
          const optionId = `${id}-${option.value}`;
          return (
            <div className="me-check" key={option.value}>
              <input
                id={optionId}
                type="checkbox"
                checked={values.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...values, option.value]
                      : values.filter((v) => v !== option.value),
                  )
                }
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
        {errorLine}
      </fieldset>
    );
  const text = typeof draft === 'string' ? draft : '';
  const common = {
    id,
    value: text,
    'aria-invalid': invalid,
    'aria-describedby': described,
    'aria-required': field.required || undefined,
  };
  return (
    <div className="me-field" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      {field.type === 'select' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('profile.choose')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === 'date' || field.type === 'birth_date' ? (
        <input
          {...common}
          type="date"
          autoComplete={field.type === 'birth_date' ? 'bday' : 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.type === 'number' ? (
        <input
          {...common}
          type="text"
          inputMode="decimal"
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={autoCompleteOf(field.name)}
          autoCapitalize={field.type === 'email' ? 'none' : NAMES.has(field.name) ? 'words' : 'sentences'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {errorLine}
    </div>
  );
}

/** Fields a phone's keyboard starts with a capital on every word (names, streets, towns). */
const NAMES = new Set(['firstname', 'lastname', 'address', 'city']);

/** The contact fields the page names itself (profile.labels of the texts). */
const LABELS = en.profile.labels;

/** The browser's autofill name for a contact field, so a phone offers what it knows. */
function autoCompleteOf(name: string): string {
  const known: Record<string, string> = {
    first_name: 'given-name',
    firstname: 'given-name',
    last_name: 'family-name',
    lastname: 'family-name',
    email: 'email',
    phonenumber: 'tel',
    postalcode: 'postal-code',
    address: 'address-line1',
    city: 'address-level2',
  };
  return known[name] ?? 'off';
}
