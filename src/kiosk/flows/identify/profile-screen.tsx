import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskEditableField, PortalProfile } from '../../../contract/portal';
import { updateProfileAction } from '../../api/update-profile';
import { Button } from '../../components/button';
import { OnScreenKeyboard } from '../../components/on-screen-keyboard';
import { Screen } from '../../components/screen';
import { useAction } from '../../hooks/use-action';
import { changedAttributes, profileValues, refusedFieldKey, refusedFields } from '../../lib/profile';
import { profileKeyboard } from '../../lib/profile-keyboard';

/** Longest value the service keeps in a profile field. */
const FIELD_MAX_LENGTH = 191;

/**
 * Change the profile fields the account lets the customer change (`fields`, as the profile tab
 * showed them): one field per line, the on-screen keyboard (when the session enables it) typing into
 * the field last tapped — letters for names and addresses, digits for a phone number or a date.
 * Save sends only what changed, with one idempotency key (hooks/use-action.tsx: a lost connection
 * keeps it and sends it again); a refused value is said under its field, in the customer's words.
 * Saved (or nothing changed): back to the profile tab. Nothing typed outlives this screen.
 */
export function ProfileScreen({
  fields,
  keyboard,
  onSaved,
  onBack,
  footer,
}: {
  fields: PortalProfile['fields'];
  keyboard: boolean;
  /** After a save: `changed` false when there was nothing to save. */
  onSaved: (changed: boolean) => void;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState(() => profileValues(fields));
  const [active, setActive] = useState<KioskEditableField | undefined>(fields[0]?.name);
  // Fields typed in since the last refusal: their refusal no longer applies to what they hold.
  const [retyped, setRetyped] = useState<ReadonlySet<string>>(new Set());
  const update = useAction(updateProfileAction, () => onSaved(true));
  const refused = refusedFields(update.refusal);
  const set = (name: KioskEditableField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRetyped((current) => new Set(current).add(name));
  };
  const activeLabel = active ? t(`profile.fields.${active}`) : '';
  return (
    <Screen title={t('profile.title')} testId="screen-profile" footer={footer} focusHeading={false} fill>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const attributes = changedAttributes(fields, values);
          if (Object.keys(attributes).length === 0) return onSaved(false);
          setRetyped(new Set());
          update.run({ attributes });
        }}
      >
        <div className="profile-fields">
          {fields.map(({ name }, index) => {
            const id = `${idPrefix}-${name}`;
            const invalid = refused.has(name) && !retyped.has(name);
            const hint = name === 'birthdate' ? t('profile.hints.birthdate') : null;
            const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null]
              .filter(Boolean)
              .join(' ');
            return (
              <div key={name} className={`field${active === name ? ' field-active' : ''}`}>
                <label htmlFor={id}>{t(`profile.fields.${name}`)}</label>
                <input
                  id={id}
                  name={name}
                  type="text"
                  data-testid={`profile-input-${name}`}
                  value={values[name] ?? ''}
                  maxLength={FIELD_MAX_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  inputMode={keyboard ? 'none' : profileKeyboard(name) === 'number' ? 'tel' : 'text'}
                  // biome-ignore lint/a11y/noAutofocus: the form is what this screen is for
                  autoFocus={index === 0}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy || undefined}
                  onFocus={() => setActive(name)}
                  onChange={(event) => set(name, event.target.value)}
                />
                {hint ? (
                  <span id={`${id}-hint`} className="field-hint">
                    {hint}
                  </span>
                ) : null}
                {invalid ? (
                  <p
                    id={`${id}-error`}
                    className="field-error"
                    role="alert"
                    data-testid={`profile-error-${name}`}
                  >
                    {t(refusedFieldKey(name))}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        {keyboard && active ? (
          <OnScreenKeyboard
            key={active}
            value={values[active] ?? ''}
            onChange={(value) => set(active, value)}
            maxLength={FIELD_MAX_LENGTH}
            label={t('profile.keyboard', { field: activeLabel })}
            layout={profileKeyboard(active)}
          />
        ) : null}
        <div className="profile-actions">
          {refused.size === 0 ? update.error : null}
          <div className="form-actions">
            <Button
              variant="secondary"
              onClick={() => {
                update.clear();
                onBack();
              }}
              disabled={update.pending}
              data-testid="profile-back"
            >
              {t('profile.back')}
            </Button>
            <Button type="submit" busy={update.pending} data-testid="profile-save">
              {update.pending ? t('profile.saving') : t('profile.save')}
            </Button>
          </div>
        </div>
      </form>
    </Screen>
  );
}
