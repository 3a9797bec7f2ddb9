/*
 * What the customer sees and changes on their own page /me/ (docs/me.md "The /me/ API"), always
 * of the contact of their cookie session: the overview, the profile (contact fields and the
 * account's custom attributes, checked and stored by the one contact update of every caller), and
 * an app code to show at the counter.
 */
import {
  ACTIVITY_PAGE_SIZE,
  APP_CODE_MINUTES,
  type MeOverview,
  type MeProfile,
  type ProfileField,
} from '../../../contract/me';

import type {
  PortalActivity,
  PortalCard,
  PortalReward,
  PortalSubscription,
  PortalVoucher,
} from '../../../contract/portal';
import type { AttributeType } from '../../../contract/public/custom-attributes';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { attributeDefinitions } from '../account/custom-attributes';
import { contactActivity, contactActivityCount } from '../contacts/activity';
import { contactCards, portalCard } from '../contacts/cards';
import { contactById } from '../contacts/contacts';
import { refundGuess, spendGuess } from '../contacts/guess-budgets';
import { identifierByValue, linkIdentifier } from '../contacts/identifiers';
import { updateContact } from '../contacts/profile';
import { issueContactSessionToken } from '../contacts/session-tokens';
import { contactSubscriptions } from '../contacts/subscriptions';
import { accountLook, creditWord, nextReward } from '../portal-sessions/views';
import { contactRewards } from '../rewards/claimable';
import { refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, fromCenti, isoTimestamp, jsonObject } from '../shared/values';
import { portalVouchers } from '../vouchers/views';
import { listVouchers } from '../vouchers/vouchers';

/** The date a contact was made (YYYY-MM-DD): "member since". */
function memberSince(createdAt: string): string {
  return (apiTimestamp(createdAt) ?? createdAt).slice(0, 10);
}

/**
 * The signed-in customer at a glance: names, e-mail, member since, balances, tier, next reward, and
 * the account's terms when they still have them to accept.
 */
export async function meOverview(db: Db, contactId: number): Promise<MeOverview> {
  const contact = await contactById(db, contactId);
  const tier =
    contact.tier_id === null
      ? undefined
      : await db.selectFrom('tiers').select('name').where('id', '=', contact.tier_id).executeTakeFirst();
  const balance = fromCenti(Number(contact.credit_balance_centi));
  const { account, kiosk } = await accountLook(db);
  return {
    account_name: account.name,
    brand: account.brand,
    custom_credit_name: creditWord(account.wording),
    firstname: contact.firstname,
    lastname: contact.lastname,
    email: contact.email,
    member_since: memberSince(contact.created_at),
    credit_balance: balance,
    prepaid_balance_in_cents: Number(contact.prepaid_balance_in_cents),
    tier: tier ? { name: tier.name } : null,
    next_reward: await nextReward(db, balance),
    terms_to_accept:
      contact.terms_pending_since === null
        ? null
        : { terms_url: kiosk.terms_url, privacy_url: kiosk.privacy_url },
  };
}

type FieldShape = Omit<ProfileField, 'value'>;

/** The contact's own fields a customer edits on /me/ (current_values names), in the page's order. */
const CONTACT_FIELDS: FieldShape[] = [
  { name: 'firstname', label: 'First name', type: 'text', custom: false, required: false, max_length: 191 },
  { name: 'lastname', label: 'Last name', type: 'text', custom: false, required: false, max_length: 191 },
  { name: 'birthdate', label: 'Date of birth', type: 'birth_date', custom: false, required: false },
  {
    name: 'phonenumber',
    label: 'Phone number',
    type: 'text',
    custom: false,
    required: false,
    max_length: 191,
  },
  { name: 'address', label: 'Street', type: 'text', custom: false, required: false, max_length: 191 },
  {
    name: 'housenumber',
    label: 'House number',
    type: 'text',
    custom: false,
    required: false,
    max_length: 191,
  },
  { name: 'postalcode', label: 'Postcode', type: 'text', custom: false, required: false, max_length: 191 },
  { name: 'city', label: 'City', type: 'text', custom: false, required: false, max_length: 191 },
];
const COLUMNS = new Set(['firstname', 'lastname']);

/** The longest text a custom attribute takes (account/custom-attributes.ts valueSchema). */
const ATTRIBUTE_TEXT_MAX = 10_000;

/**
 * How a custom attribute of each type is edited on /me/; types left out (date_time, ranges,
 * uploads) are not shown there. Values are checked by the attribute's own type (checkedAttributeValues).
 */
const ATTRIBUTE_FIELDS: Partial<Record<AttributeType, Pick<FieldShape, 'type' | 'integer' | 'max_length'>>> =
  {
    text: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    long_text: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    rich_text: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    url: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    phone: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    color: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    identifier: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    license_plate: { type: 'text', max_length: ATTRIBUTE_TEXT_MAX },
    email: { type: 'email' },
    select: { type: 'select' },
    multi_select: { type: 'multi_select' },
    date: { type: 'date' },
    birth_date: { type: 'birth_date' },
    boolean: { type: 'boolean' },
    number: { type: 'number', integer: true },
    float: { type: 'number', integer: false },
  };

/** The profile's fields without values: the contact fields, then the account's contact attributes. */
async function profileShape(db: Db): Promise<FieldShape[]> {
  const attributes = await attributeDefinitions(db, 'contact');
  const custom = attributes.flatMap((a): FieldShape[] => {
    const input = ATTRIBUTE_FIELDS[a.type as AttributeType];
    if (!input) return [];
    const options = JSON.parse(a.options) as { value: string; label: string }[];
    return [
      {
        name: a.name,
        label: a.label,
        custom: true,
        required: false,
        ...input,
        ...(input.type === 'select' || input.type === 'multi_select'
          ? { options: options.map((o) => ({ value: o.value, label: o.label })) }
          : {}),
      },
    ];
  });
  return [...CONTACT_FIELDS, ...custom];
}

/**
 * The profile of /me/: every field the customer may edit with its type, options and current value,
 * and member since.
 */
export async function meProfile(db: Db, contactId: number): Promise<MeProfile> {
  const [contact, shape] = await Promise.all([contactById(db, contactId), profileShape(db)]);
  const stored = jsonObject(contact.attributes);
  const fields = shape.map((field) => {
    const raw = COLUMNS.has(field.name) ? contact[field.name as 'firstname'] : stored[field.name];
    return { ...field, value: (raw ?? null) as ProfileField['value'] };
  });
  return { fields, member_since: memberSince(contact.created_at) };
}

/** A refused profile value: 1003 (HTTP 422, invalid_attribute) naming each field. */
function invalidAttributes(fields: Record<string, string[]>): ServiceError {
  return refusal(
    'invalid_attribute',
    {
      en: 'Some values were not accepted; nothing was changed',
      nl: 'Sommige waarden zijn niet geaccepteerd; er is niets gewijzigd',
    },
    { fields },
  );
}

/**
 * Changes profile fields of /me/ (`{name: value}`; null or '' clears one): only the fields the
 * profile shows, each checked by its type (custom attributes by their definition), all or nothing,
 * through the contact update of every caller (updateContact), which tells webhooks what changed.
 * @returns the profile after the change.
 * @throws ServiceError 1003 (HTTP 422, invalid_attribute) naming each refused field; nothing changes.
 */
export async function updateMeProfile(
  tx: Tx,
  contactId: number,
  changes: Record<string, unknown>,
): Promise<MeProfile> {
  const shape = new Map((await profileShape(tx.db)).map((f) => [f.name, f]));
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes)) {
    if (!shape.has(name)) errors[name] = [`The ${name} field is not one you can change here.`];
    else values[name] = value === '' ? null : value;
  }
  if (Object.keys(errors).length > 0) throw invalidAttributes(errors);
  const contact = await contactById(tx.db, contactId);
  try {
    await updateContact(tx, contact.uuid, values);
  } catch (err) {
    if (!(err instanceof ServiceError) || err.code !== 1003 || !err.fields) throw err;
    const named = Object.entries(err.fields).map(([key, messages]) => [
      key.replace(/^attributes\./, ''),
      messages,
    ]);
    throw invalidAttributes(Object.fromEntries(named));
  }
  return meProfile(tx.db, contactId);
}

/**
 * A new app code for the customer: a contact session token, the kind the kiosk takes scanned or
 * typed, working once for APP_CODE_MINUTES (5).
 */
export async function meAppCode(tx: Tx, contactId: number): Promise<{ token: string; expires_at: string }> {
  const expiresAt = new Date(tx.now.getTime() + APP_CODE_MINUTES * 60_000);
  const token = await issueContactSessionToken(tx, contactId, expiresAt);
  return { token, expires_at: apiTimestamp(isoTimestamp(expiresAt))! };
}

/** The account's active rewards for the customer, claimable ones first (as the counter lists them). */
export async function meRewards(db: Db, contactId: number, now: Date): Promise<{ rewards: PortalReward[] }> {
  return { rewards: await contactRewards(db, contactId, now) };
}

/** Every voucher of the customer's, any status, oldest first, each with why it cannot be used now. */
export async function meVouchers(
  db: Db,
  contactId: number,
  now: Date,
): Promise<{ vouchers: PortalVoucher[] }> {
  const contact = await contactById(db, contactId);
  const { items } = await listVouchers(db, { contact_uuid: contact.uuid, page: 1, limit: 500 }, now);
  return { vouchers: await portalVouchers(db, items, now) };
}

/** One page (1-based) of the customer's activity, ACTIVITY_PAGE_SIZE lines, newest first. */
export async function meActivity(
  db: Db,
  contactId: number,
  page: number,
): Promise<{ items: PortalActivity[]; page: number; last_page: number }> {
  const [lines, total] = await Promise.all([
    contactActivity(db, contactId, page * ACTIVITY_PAGE_SIZE),
    contactActivityCount(db, contactId),
  ]);
  return {
    items: lines.slice((page - 1) * ACTIVITY_PAGE_SIZE),
    page,
    last_page: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
  };
}

type MeCard = PortalCard & { added_at: string };

const meCard = (row: {
  id: number;
  value: string;
  name: string;
  active: number;
  created_at: string;
}): MeCard => ({
  ...portalCard(row),
  added_at: apiTimestamp(row.created_at)!,
});

/** The customer's cards, oldest first, each shown by its last 4 characters. */
export async function meCards(db: Db, contactId: number): Promise<{ cards: MeCard[] }> {
  return { cards: (await contactCards(db, contactId)).map(meCard) };
}

// What a typed card code may hold: letters, digits, '-', '_' and '.'.
const CARD_CODE = /^[\w.-]+$/;

/** The one answer of a card number that cannot be added: 1003 (HTTP 422, card_not_addable) naming code. */
function cardNotAddable(): ServiceError {
  return refusal(
    'card_not_addable',
    {
      en: 'This card cannot be added; check the number, or ask at the counter',
      nl: 'Deze kaart kan niet worden toegevoegd; controleer het nummer, of vraag het aan de balie',
    },
    { fields: { code: ['This is no loyalty card that can be added.'] } },
  );
}

/**
 * Counts one card number typed on /me/ against the budgets of the contact and of `clientAddress`
 * (contacts/guess-budgets.ts), before addMeCard checks it, in a transaction of its own: a refused number
 * stays counted, an added card gives it back.
 * @throws ServiceError 1003 (HTTP 429, reason too_many_wrong_codes, Retry-After) a budget spent.
 */
export function countMeCardAttempt(tx: Tx, contactId: number, clientAddress: string | null): Promise<void> {
  return spendGuess(tx, 'card', { contactId, clientAddress });
}

/**
 * Adds a card by its typed number: only a loyalty card the account knows, not linked and active,
 * is linked to the customer (their own is answered as it is). Anything else — a number the account
 * does not know (never kept), someone else's card, an inactive one, a gift card's, voucher's or
 * app code — gets one answer, so that /me/ tells nothing about a code; its try was counted by
 * countMeCardAttempt, and an added card gives it back.
 * @throws ServiceError 1003 (HTTP 422, reason card_not_addable) naming `code`.
 */
export async function addMeCard(
  tx: Tx,
  contactId: number,
  code: string,
  clientAddress: string | null,
): Promise<MeCard> {
  const found = CARD_CODE.test(code) ? await identifierByValue(tx.db, code) : undefined;
  // Only an active card of the shop's, linked to nobody or to them already.
  if (found?.active !== 1 || (found.contact_id !== null && found.contact_id !== contactId)) {
    throw cardNotAddable();
  }
  let card = found;
  if (found.contact_id === null) {
    try {
      card = await linkIdentifier(tx, code, contactId);
    } catch (err) {
      // Linked by someone else meanwhile: the same one answer.
      if (err instanceof ServiceError && err.code === 60014) throw cardNotAddable();
      throw err;
    }
  }
  await refundGuess(tx, 'card', { contactId, clientAddress });
  const row = await tx.db
    .selectFrom('contact_identifiers')
    .select(['id', 'value', 'name', 'active', 'created_at'])
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  return meCard(row);
}

/** The customer's e-mail subscriptions, one per active subscription type. */
export async function meSubscriptions(
  db: Db,
  contactId: number,
): Promise<{ subscriptions: PortalSubscription[] }> {
  return { subscriptions: await contactSubscriptions(db, contactId) };
}
