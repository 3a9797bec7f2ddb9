import type { Selectable } from 'kysely';
import type { PaginatorMeta } from '../../../contract/envelope';
import type { Contact } from '../../../contract/public/contacts';
import type { WebhookContact } from '../../../contract/public/webhooks';
import { fromJson, jsonArrayFrom, jsonObjectFrom } from '../../db/json';
import { precompile } from '../../db/precompiled';
import type { ContactTable, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { tierView } from '../loyalty/tiers';
import { ServiceError } from '../shared/errors';
import { paginatorMeta } from '../shared/pagination';
import { apiTimestamp, fromCenti, isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import { subscriptionView } from './subscriptions';

/** A contact row as stored. */
export type ContactRow = Selectable<ContactTable>;

/**
 * The domain of the placeholder address of an anonymous contact (one without e-mail: the address
 * column is required and unique). `.invalid` is reserved (RFC 2606): it can never receive mail.
 */
export const ANONYMOUS_EMAIL_DOMAIN = 'anonymous.invalid';

/** Whether a stored address is an anonymous contact's placeholder. */
export function isAnonymousEmail(email: string): boolean {
  return email.endsWith(`@${ANONYMOUS_EMAIL_DOMAIN}`);
}

/** Profile fields kept in `contacts.attributes` that the current_values map shows by name. */
export const PROFILE_FIELDS = [
  'city',
  'address',
  'avatar',
  'birthdate',
  'postalcode',
  'housenumber',
  'phonenumber',
  'add_to_wallet',
  'custom_app_login_url',
  'custom_app_login_code',
] as const;

/**
 * The keys of `current_values` that are not custom attributes (spec "Contact"), besides the
 * per-subscription-type `subscription_status_<id>` and `double_opt_in_confirmation_url_<id>`.
 * Custom contact attributes may not take these names.
 */
export const CONTACT_VALUE_KEYS: readonly string[] = [
  'uuid',
  'email',
  'firstname',
  'lastname',
  'locale',
  'status',
  'channel',
  'is_anonymous',
  'tier',
  'age',
  'created_at',
  'updated_at',
  'loyalty_balance',
  'previous_loyalty_balance',
  'prepaid_balance',
  'loyalty_associated_shops',
  'loyalty_number_of_transactions',
  'loyalty_total_credits_received',
  'loyalty_first_transaction_date',
  'loyalty_last_transaction_date',
  'default_contact_identifier',
  'subscription_preferences_url',
  ...PROFILE_FIELDS,
];

/** A contact by uuid. @throws ServiceError 55031 when there is none. */
export async function contactByUuid(db: Db, uuid: string): Promise<ContactRow> {
  const row = await findContactByUuid(db, uuid);
  if (!row) throw new ServiceError(55031);
  return row;
}

/** A contact by uuid, or undefined when there is none. */
export function findContactByUuid(db: Db, uuid: string): Promise<ContactRow | undefined> {
  return contactWithUuid.first(db, { uuid });
}

/** A contact by e-mail address (case-insensitive). @throws ServiceError 55031 when there is none. */
export async function contactByEmail(db: Db, email: string): Promise<ContactRow> {
  const row = await db
    .selectFrom('contacts')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw new ServiceError(55031);
  return row;
}

/** A contact by id (internal references). */
export async function contactById(db: Db, id: number): Promise<ContactRow> {
  const row = await contactWithId.first(db, { id });
  if (!row) throw new ServiceError(55031);
  return row;
}

// Built once (precompiled.ts): nearly every request reads its contact.
const contactWithUuid = precompile((db, p: { uuid: string }) =>
  db.selectFrom('contacts').selectAll().where('uuid', '=', p.uuid),
);
const contactWithId = precompile((db, p: { id: number }) =>
  db.selectFrom('contacts').selectAll().where('id', '=', p.id),
);

/**
 * Creates a contact from an e-mail address alone (spec "Contacts": further data comes later).
 * `channel` records where it was created (`api`, `portal`). Tells webhooks (contact_created).
 * @returns `{uuid, id}` of the new contact.
 * @throws ServiceError 60005 when a contact with that e-mail exists.
 */
export async function createContact(
  tx: Tx,
  input: { email: string; referral_code?: string | undefined; locale?: string | null },
  channel: string,
): Promise<{ uuid: string; id: number }> {
  const email = input.email.trim().toLowerCase();
  const at = isoTimestamp(tx.now);
  const uuid = newUuid();
  // ON CONFLICT: of two concurrent creations with one address, the second is 60005, not a database error.
  const created = await tx.db
    .insertInto('contacts')
    .values({
      uuid,
      email,
      firstname: null,
      lastname: null,
      locale: input.locale ?? null,
      tier_id: null,
      credit_balance_centi: 0,
      prepaid_balance_in_cents: 0,
      attributes: '{}',
      channel,
      referral_code: input.referral_code ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw new ServiceError(60005);
  await recordWebhookEvent(tx, 'contact_created', {
    uuid,
    email,
    firstname: null,
    lastname: null,
    locale: input.locale ?? null,
    is_anonymous: isAnonymousEmail(email),
    channel,
    created_at: apiTimestamp(at),
    updated_at: apiTimestamp(at),
  } satisfies WebhookContact);
  return { uuid, id: created.id };
}

/** A contact as webhook events show it (contact_created, contact_updated). */
export function webhookContactOf(row: ContactRow): WebhookContact {
  return {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: row.locale,
    is_anonymous: isAnonymousEmail(row.email),
    channel: row.channel,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

function ageOn(birthdate: unknown, now: Date): number | null {
  if (typeof birthdate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(birthdate)) return null;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

function display(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * What a contact's view reads besides its row, in one query (one round trip on PostgreSQL): its
 * tier, a subscription per active subscription type with its stored choice (and the confirmation
 * token of a pending double opt-in), the names of its shops, its first active identifier and the
 * names of the account's contact attributes.
 */
async function contactViewParts(db: Db, row: ContactRow) {
  const parts = await db
    .selectNoFrom((eb) => [
      // SQLite's json_object needs each column named.
      jsonObjectFrom(
        db,
        eb
          .selectFrom('tiers')
          .select(['id', 'uuid', 'name', 'description', 'position', 'media'])
          .where('id', '=', row.tier_id ?? -1),
      ).as('tier'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('subscription_types')
          .leftJoin('contact_subscriptions', (join) =>
            join
              .onRef('contact_subscriptions.subscription_type_id', '=', 'subscription_types.id')
              .on('contact_subscriptions.contact_id', '=', row.id),
          )
          .select([
            'subscription_types.id',
            'subscription_types.uuid',
            'subscription_types.name',
            'subscription_types.description',
            'subscription_types.active',
            'subscription_types.strategy',
            'contact_subscriptions.status as stored',
            'contact_subscriptions.confirmation_token',
          ])
          .where('subscription_types.active', '=', 1)
          .orderBy('subscription_types.id'),
      ).as('subscriptions'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('contact_shops')
          .innerJoin('shops', 'shops.id', 'contact_shops.shop_id')
          .select('shops.name')
          .where('contact_shops.contact_id', '=', row.id)
          .orderBy('shops.name'),
      ).as('shops'),
      eb
        .selectFrom('contact_identifiers')
        .select('value')
        .where('contact_id', '=', row.id)
        .where('active', '=', 1)
        .orderBy('id')
        .limit(1)
        .as('identifier'),
      jsonArrayFrom(
        db,
        eb.selectFrom('custom_attributes').select('name').where('entity', '=', 'contact').orderBy('id'),
      ).as('custom_attributes'),
    ])
    .executeTakeFirstOrThrow();
  const types = fromJson(parts.subscriptions);
  return {
    tier: fromJson(parts.tier) ?? undefined,
    subscriptions: types.map((t) =>
      subscriptionView(t, t.stored ?? (t.strategy === 'OPT_OUT' ? 'SUBSCRIBED' : 'UNSUBSCRIBED')),
    ),
    shops: fromJson(parts.shops),
    identifier: parts.identifier === null ? undefined : { value: parts.identifier },
    customAttributes: fromJson(parts.custom_attributes),
    pending: types
      .filter((t) => t.stored === 'PENDING_CONFIRMATION')
      .map((t) => ({ subscription_type_id: t.id, confirmation_token: t.confirmation_token })),
  };
}

/**
 * The spec's Contact: tier, subscriptions, balances and the full `current_values` /
 * `current_display_values` maps (every key the spec lists, custom contact attributes as further keys).
 * `baseUrl` is the service's public address, for the double opt-in confirmation links.
 */
export async function contactView(db: Db, row: ContactRow, now: Date, baseUrl: string): Promise<Contact> {
  const { tier, subscriptions, shops, identifier, customAttributes, pending } = await contactViewParts(
    db,
    row,
  );
  const confirmationTokens = new Map(pending.map((p) => [p.subscription_type_id, p.confirmation_token]));
  const attributes = jsonObject(row.attributes);
  const balance = fromCenti(row.credit_balance_centi);
  const values: Record<string, unknown> = {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: row.locale,
    status: 'ACTIVE',
    channel: row.channel,
    is_anonymous: isAnonymousEmail(row.email),
    tier: tier?.name ?? null,
    age: ageOn(attributes.birthdate, now),
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
    loyalty_balance: balance,
    previous_loyalty_balance: fromCenti(Number(row.previous_credit_balance_centi)),
    prepaid_balance: row.prepaid_balance_in_cents,
    loyalty_associated_shops: shops.map((s) => s.name),
    loyalty_number_of_transactions: Number(row.credit_receptions_count),
    loyalty_total_credits_received: fromCenti(Number(row.received_credits_centi)),
    loyalty_first_transaction_date: apiTimestamp(row.first_credit_reception_at),
    loyalty_last_transaction_date: apiTimestamp(row.last_credit_reception_at),
    default_contact_identifier: identifier?.value ?? null,
    subscription_preferences_url: null,
  };
  for (const field of PROFILE_FIELDS) values[field] = attributes[field] ?? null;
  for (const a of customAttributes) values[a.name] = attributes[a.name] ?? null;
  for (const s of subscriptions) {
    const id = s.subscription_type.id;
    values[`subscription_status_${id}`] = s.status;
    const token = confirmationTokens.get(id);
    values[`double_opt_in_confirmation_url_${id}`] = token
      ? `${baseUrl}/subscriptions/confirm/${token}`
      : null;
  }
  const displayValues: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values)) displayValues[key] = display(value);
  displayValues.prepaid_balance = formatCents(row.prepaid_balance_in_cents);
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    tier: tier ? tierView(tier) : null,
    subscriptions,
    credit_balance: { balance },
    prepaid_balance: { balance_in_cents: row.prepaid_balance_in_cents },
    attributes: [],
    current_values: values,
    current_display_values: displayValues,
  };
}

const EUROS = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** Cents as a euro amount for display, e.g. 1500 → "€ 15,00". */
export function formatCents(cents: number): string {
  return EUROS.format(cents / 100);
}

/**
 * One page of the account's contacts, oldest first (extension GET /contacts), each as GET
 * /contacts/{uuid} shows it, with the real platform's paginator meta.
 */
export async function listContacts(
  db: Db,
  query: { page: number; limit: number },
  now: Date,
  baseUrl: string,
): Promise<{ items: Contact[]; meta: PaginatorMeta }> {
  const { total } = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .orderBy('id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const items = await Promise.all(rows.map((row) => contactView(db, row, now, baseUrl)));
  return { items, meta: paginatorMeta(query.page, query.limit, Number(total), items.length) };
}
