import { z } from 'zod';
import { booleanField, emailField } from '../../../contract/fields';
import type { Tx } from '../../db/transaction';
import { checkedAttributeValues, mergeAttributes } from '../account/custom-attributes';
import { assertNoFieldErrors, ServiceError } from '../shared/errors';
import { isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import {
  ANONYMOUS_EMAIL_DOMAIN,
  CONTACT_VALUE_KEYS,
  type ContactRow,
  contactByEmail,
  contactById,
  contactByUuid,
  createContact,
  PROFILE_FIELDS,
  webhookContactOf,
} from './contacts';
import { createIdentifier, identifierByValue, linkIdentifier } from './identifiers';

/*
 * Extensions that create and change contacts, as the real platform serves them to a POS (its PHP
 * SDK's contacts->findOrCreate, createAnonymously, update); the spec shows only create by e-mail.
 */

/**
 * Extension GET /contacts/find-or-create: the contact with this e-mail address, created (channel
 * `api`) when there is none. Concurrent calls for one address create one contact.
 * @returns the contact and whether it was created now.
 */
export async function findOrCreateContact(
  tx: Tx,
  email: string,
): Promise<{ contact: ContactRow; created: boolean }> {
  try {
    return { contact: await contactByEmail(tx.db, email), created: false };
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== 55031) throw err;
  }
  try {
    const { id } = await createContact(tx, { email }, 'api');
    return { contact: await contactById(tx.db, id), created: true };
  } catch (err) {
    // Created by a concurrent call meanwhile: that one is the contact.
    if (!(err instanceof ServiceError) || err.code !== 60005) throw err;
    return { contact: await contactByEmail(tx.db, email), created: false };
  }
}

/**
 * Extension POST /contacts/anonymous: a contact without e-mail address (`is_anonymous` true; its
 * `email` is a placeholder at ANONYMOUS_EMAIL_DOMAIN, which can never receive mail), with the card
 * `contactIdentifierValue` when given: an unlinked one is linked to it, an unknown one is created.
 * @throws ServiceError 60004 inactive card, 60014 a card linked to a contact already.
 */
export async function createAnonymousContact(
  tx: Tx,
  contactIdentifierValue: string | undefined,
): Promise<ContactRow> {
  const placeholder = `anonymous-${newUuid()}@${ANONYMOUS_EMAIL_DOMAIN}`;
  const { id } = await createContact(tx, { email: placeholder }, 'api');
  if (contactIdentifierValue !== undefined) {
    if (await identifierByValue(tx.db, contactIdentifierValue)) {
      await linkIdentifier(tx, contactIdentifierValue, id);
    } else {
      await createIdentifier(tx, { value: contactIdentifierValue, contactId: id });
    }
  }
  return contactById(tx.db, id);
}

const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;

// The current_values a client may set, by how each is checked (null clears any but the e-mail).
const TEXT = z.string().trim().max(191);
const EDITABLE: Record<string, z.ZodType> = {
  firstname: TEXT,
  lastname: TEXT,
  locale: z.string().regex(LOCALE, { message: 'a language code such as nl or en-GB' }),
  birthdate: z.iso.date(),
  add_to_wallet: booleanField(),
  ...Object.fromEntries(
    PROFILE_FIELDS.filter((f) => f !== 'birthdate' && f !== 'add_to_wallet').map((f) => [f, TEXT]),
  ),
};
const COLUMNS = new Set(['firstname', 'lastname', 'locale']);

/** Keys of current_values that only the service sets (balances, tier, status, subscriptions, …). */
function readOnly(key: string): boolean {
  return (
    (CONTACT_VALUE_KEYS.includes(key) && key !== 'email' && !(key in EDITABLE)) ||
    key.startsWith('subscription_status_') ||
    key.startsWith('double_opt_in_confirmation_url_')
  );
}

/**
 * Extension PUT /contacts/{uuid}: changes current_values of a contact — `email` (a new address;
 * an anonymous contact so gets one), firstname, lastname, locale, the profile fields (city, address,
 * birthdate, phonenumber, …) and custom contact attributes (checked by their type). Null clears a
 * value (not the e-mail). Every bad key is named at once and nothing changes. Tells webhooks
 * (contact_updated) which values changed, when any did.
 * @throws ServiceError 55031 unknown contact; 60005 the address is another contact's; 1003 naming
 * `attributes.<key>` for read-only, unknown or invalid values.
 */
export async function updateContact(
  tx: Tx,
  uuid: string,
  attributes: Record<string, unknown>,
): Promise<ContactRow> {
  const contact = await contactByUuid(tx.db, uuid);
  await tx.lock('contacts', contact.id);
  const errors: Record<string, string[]> = {};
  const columns: Record<string, string | null> = {};
  const profile: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  let email: string | undefined;
  for (const [key, value] of Object.entries(attributes)) {
    const field = `attributes.${key}`;
    if (key === 'email') {
      const parsed = emailField().safeParse(value);
      if (parsed.success) email = parsed.data;
      else errors[field] = ['The email field must be a valid email address.'];
    } else if (readOnly(key)) {
      errors[field] = [`The ${key} field is set by the service and cannot be changed.`];
    } else if (key in EDITABLE) {
      const parsed =
        value === null || value === '' ? { success: true, data: null } : EDITABLE[key]!.safeParse(value);
      if (!parsed.success) errors[field] = [`The ${key} field is not valid.`];
      else if (COLUMNS.has(key)) columns[key] = parsed.data as string | null;
      else profile[key] = parsed.data;
    } else {
      custom[key] = value;
    }
  }
  let checked: Record<string, unknown> = {};
  try {
    checked = await checkedAttributeValues(tx.db, 'contact', custom);
  } catch (err) {
    if (!(err instanceof ServiceError) || !err.fields) throw err;
    for (const [key, messages] of Object.entries(err.fields)) errors[`attributes.${key}`] = messages;
  }
  assertNoFieldErrors(errors);
  if (email !== undefined && email !== contact.email) {
    const taken = await tx.db
      .selectFrom('contacts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (taken) throw new ServiceError(60005);
  }
  const stored = jsonObject(contact.attributes);
  const values: Record<string, unknown> = {
    ...columns,
    ...(email === undefined ? {} : { email }),
    ...profile,
    ...checked,
  };
  const changed = Object.keys(values).filter(
    (key) =>
      JSON.stringify(values[key] ?? null) !==
      JSON.stringify(
        (key in columns || key === 'email' ? contact[key as keyof ContactRow] : stored[key]) ?? null,
      ),
  );
  await tx.db
    .updateTable('contacts')
    .set({
      ...columns,
      ...(email === undefined ? {} : { email }),
      attributes: mergeAttributes(stored, { ...profile, ...checked }),
      updated_at: isoTimestamp(tx.now),
    })
    .where('id', '=', contact.id)
    .execute();
  const updated = await contactById(tx.db, contact.id);
  if (changed.length > 0) {
    await recordWebhookEvent(tx, 'contact_updated', { ...webhookContactOf(updated), changed }, changed);
  }
  return updated;
}
