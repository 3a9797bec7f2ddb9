import type { KioskEditableField, PortalProfile } from '../../contract/portal';
import type { PortalApiError } from '../api/portal-api-error';
import type { KioskKey } from '../i18n/error-message';

/** What the profile form holds: each editable field's text ('' when unset). */
export type ProfileValues = Partial<Record<KioskEditableField, string>>;

/** The form's starting values: the profile's, '' for a field not filled in. */
export function profileValues(fields: PortalProfile['fields']): ProfileValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.value ?? '']));
}

/**
 * The request's `attributes`: only the fields the customer changed (trimmed; '' clears one), so a
 * save never rewrites a value the customer did not touch. Empty when nothing changed.
 */
export function changedAttributes(
  fields: PortalProfile['fields'],
  values: ProfileValues,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (value !== (field.value ?? '')) changed[field.name] = value;
  }
  return changed;
}

/** The profile fields a refusal names (1003 naming `attributes.<field>`); none for other refusals. */
export function refusedFields(refusal: PortalApiError | null): Set<string> {
  if (refusal?.code !== 1003) return new Set();
  const prefix = 'attributes.';
  return new Set(refusal.fields.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length)));
}

/** The i18n key of what to say about a refused field, in the customer's words. */
export function refusedFieldKey(field: KioskEditableField): KioskKey {
  return field === 'birthdate' ? 'profile.invalid.birthdate' : 'profile.invalid.other';
}
