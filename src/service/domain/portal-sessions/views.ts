/*
 * What the kiosk reads of a portal session (contract/portal.ts): the session state it renders, the
 * identified customer, the account's look, and a credit reception with the next reward.
 */

import { NoResultError } from 'kysely';
import type {
  AccountWording,
  ContactProof,
  PortalContact,
  PortalCreditReception,
  PortalSessionState,
} from '../../../contract/portal';
import { accountCached } from '../../db/account-cache';
import type { Db } from '../../db/schema';
import { brandKitFrom } from '../account/brand-kit';
import { shopById } from '../account/shops';
import { contactProofView } from '../contacts/verification';
import { apiTimestamp, fromCenti, jsonObject } from '../shared/values';
import { counterEvent, maskEmail } from './counter-view';
import { sessionEvents } from './events';
import type { PortalSessionRow } from './guards';
import { giftcardPaymentState } from './payments';
import { sessionSettings } from './sessions';
import { giftcardTopUps, paymentHold } from './top-ups';

/**
 * What the kiosk's views need beside the database: the origins that may embed the kiosk, whether
 * a mail server is configured (else codes go to the log), and the time.
 */
export interface PortalViewOptions {
  allowedOrigins: string[];
  mailConfigured: boolean;
  now: Date;
}

/** A contact as the service's screens read it (contactSummary). */
export interface ContactSummary {
  uuid: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  locale: string | null;
  tier: { name: string } | null;
  /** Credits. */
  credit_balance: number;
  prepaid_balance_in_cents: number;
}

/**
 * A contact as the service's screens read them: names, e-mail, locale, tier name, credit balance
 * (credits, a number) and prepaid balance (cents). The counter shows less of it (portalContact);
 * the cashier console, behind the counter, all of it.
 */
export async function contactSummary(db: Db, contactId: number): Promise<ContactSummary> {
  const summary = (await contactSummaries(db, [contactId])).get(contactId);
  if (!summary) throw new NoResultError(db.selectFrom('contacts').toOperationNode());
  return summary;
}

/**
 * contactSummary of each of `contactIds`, in one query (a console's Today lists a day's sessions:
 * one read per customer would take the pool's every connection), by contact id.
 */
export async function contactSummaries(db: Db, contactIds: number[]) {
  if (contactIds.length === 0) return new Map<number, ContactSummary>();
  const rows = await db
    .selectFrom('contacts')
    .leftJoin('tiers', 'tiers.id', 'contacts.tier_id')
    .select([
      'contacts.id',
      'contacts.uuid',
      'contacts.email',
      'contacts.firstname',
      'contacts.lastname',
      'contacts.locale',
      'contacts.credit_balance_centi',
      'contacts.prepaid_balance_in_cents',
      'tiers.name as tier_name',
    ])
    .where('contacts.id', 'in', contactIds)
    .execute();
  return new Map(
    rows.map((row): [number, ContactSummary] => [
      row.id,
      {
        uuid: row.uuid,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        locale: row.locale,
        tier: row.tier_name ? { name: row.tier_name } : null,
        credit_balance: fromCenti(Number(row.credit_balance_centi)),
        prepaid_balance_in_cents: Number(row.prepaid_balance_in_cents),
      },
    ]),
  );
}

/**
 * The identified customer as the counter may show them (docs/trust-model.md): first name, the
 * e-mail address masked, locale, tier name and balances; and whether they have terms to accept.
 */
export async function portalContact(db: Db, contactId: number): Promise<PortalContact> {
  const [{ email, lastname: _lastname, ...shown }, terms] = await Promise.all([
    contactSummary(db, contactId),
    db.selectFrom('contacts').select('terms_pending_since').where('id', '=', contactId).executeTakeFirst(),
  ]);
  return { ...shown, email_hint: maskEmail(email), terms_pending: terms?.terms_pending_since != null };
}

/** The account's name and brand kit and its kiosk settings (contract/portal.ts `kiosk`). */
export function accountLook(db: Db) {
  // Every standby screen's state and every session view shows it: kept per process.
  return accountCached(db, 'account-look', () => readAccountLook(db));
}

async function readAccountLook(db: Db) {
  const account = await db.selectFrom('account').select(['name', 'brand', 'settings']).executeTakeFirst();
  const settings = jsonObject(account?.settings ?? null);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  // A positive whole number (seconds, cents), else the default.
  const positive = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
  return {
    account: {
      name: account?.name ?? '',
      brand: brandKitFrom(account?.brand ?? null),
      wording: accountWording(settings),
    },
    kiosk: {
      idle_seconds: positive(settings.idle_seconds, 60),
      end_screen_seconds: positive(settings.end_screen_seconds, 8),
      min_amount_in_cents: positive(settings.min_amount_in_cents, 100),
      terms_url: text(settings.terms_url),
      privacy_url: text(settings.privacy_url),
    },
    /** A demo account (settings.demo): the counter may say where a code went without a mail server. */
    demo: settings.demo === true,
  };
}

/**
 * The account's one word for its credits, for an answer that holds one word whatever the
 * language (the /me/ overview, the v1 component): the English word, else the Dutch one, else null
 * (the caller's default: points).
 */
export function creditWord(wording: AccountWording): string | null {
  return wording.credit_name.en ?? wording.credit_name.nl;
}

/**
 * The account's wording (contract/portal.ts AccountWording) from its settings: `dutch_address`,
 * `custom_credit_name` (one word for both languages, or `{nl, en}`), `credit_decimals`, `translations`;
 * what is missing or malformed takes the default (je, points, whole points, no translations).
 */
export function accountWording(settings: Record<string, unknown>): AccountWording {
  const name = settings.custom_credit_name;
  const word = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const perLanguage =
    typeof name === 'object' && name !== null ? (name as Record<string, unknown>) : { nl: name, en: name };
  const decimals = settings.credit_decimals;
  const translations: AccountWording['translations'] = {};
  if (typeof settings.translations === 'object' && settings.translations !== null) {
    for (const [language, texts] of Object.entries(settings.translations)) {
      if (typeof texts !== 'object' || texts === null) continue;
      translations[language] = Object.fromEntries(
        Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  }
  return {
    dutch_address: settings.dutch_address === 'u' ? 'u' : 'je',
    credit_name: { nl: word(perLanguage.nl), en: word(perLanguage.en) },
    credit_decimals: decimals === 1 || decimals === 2 ? decimals : 0,
    translations,
  };
}

/**
 * Whether the session's customer has proved it is them (contract/portal.ts ContactProof); null
 * without a customer.
 */
export async function sessionContactProof(
  db: Db,
  session: PortalSessionRow,
  options: Pick<PortalViewOptions, 'mailConfigured' | 'now'>,
): Promise<ContactProof | null> {
  const codeInLog = !options.mailConfigured && (await accountLook(db)).demo;
  return contactProofView(db, session, options.now, codeInLog);
}

/**
 * The kiosk's view of a session (contract/portal.ts PortalSessionState): settings, shop, account
 * brand, contact and their proof, pushed POS transaction, credit reception, gift-card payment
 * (redeem_giftcards) or top-ups (top_up_giftcards), a top-up waiting for its payment,
 * subscription types offered at registration, kiosk timings, allowed embedding origins and the
 * events, as the counter may read them (portal-sessions/counter-view.ts). Works for ended sessions, without
 * anything of their customer.
 */
export async function portalSessionState(
  db: Db,
  row: PortalSessionRow,
  options: PortalViewOptions,
): Promise<PortalSessionState> {
  const ended = row.status !== 'open';
  const customer = ended ? null : row.contact_id;
  const [shop, look, contact, proof, pos, reception, types, events, payment, topUps, hold] =
    await Promise.all([
      shopById(db, row.shop_id),
      accountLook(db),
      customer === null ? null : portalContact(db, customer),
      ended ? null : sessionContactProof(db, row, options),
      row.pos_transaction_id === null
        ? undefined
        : db
            .selectFrom('pos_transactions')
            .select(['uuid', 'amount_in_cents'])
            .where('id', '=', row.pos_transaction_id)
            .executeTakeFirst(),
      row.credit_reception_id === null || ended ? null : portalCreditReception(db, row.credit_reception_id),
      db
        .selectFrom('subscription_types')
        .select(['id', 'name', 'description', 'strategy'])
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
      sessionEvents(db, row.id),
      giftcardPaymentState(db, row),
      giftcardTopUps(db, row),
      paymentHold(db, row),
    ]);
  return {
    uuid: row.uuid,
    type: row.type,
    status: row.status,
    expires_at: apiTimestamp(row.expires_at),
    settings: sessionSettings(row),
    amount_in_cents: row.amount_in_cents === null ? null : Number(row.amount_in_cents),
    shop: { uuid: shop.uuid, name: shop.name },
    account: look.account,
    contact,
    contact_proof: proof,
    pos_transaction: pos ? { uuid: pos.uuid, amount_in_cents: Number(pos.amount_in_cents) } : null,
    credit_reception: reception,
    giftcard_payment: payment,
    giftcard_top_ups: topUps,
    payment_hold: hold,
    subscription_types: types,
    kiosk: look.kiosk,
    allowed_origins: options.allowedOrigins,
    events: events.map((event) => counterEvent(event, ended)),
  };
}

/**
 * A credit reception as the kiosk shows it (contract/portal.ts PortalCreditReception): credits
 * earned, the contact with their balance now, the purchase amount and the next reward.
 */
export async function portalCreditReception(db: Db, receptionId: number): Promise<PortalCreditReception> {
  const row = await db
    .selectFrom('credit_receptions')
    .innerJoin('units', 'units.id', 'credit_receptions.unit_id')
    .leftJoin('pos_transactions', 'pos_transactions.id', 'credit_receptions.pos_transaction_id')
    .select([
      'credit_receptions.uuid',
      'credit_receptions.credits_centi',
      'credit_receptions.created_at',
      'credit_receptions.contact_id',
      'credit_receptions.unit_value',
      'units.prefix',
      'pos_transactions.amount_in_cents as pos_amount_in_cents',
    ])
    .where('credit_receptions.id', '=', receptionId)
    .executeTakeFirstOrThrow();
  const contact = await portalContact(db, row.contact_id);
  return {
    uuid: row.uuid,
    credits: fromCenti(Number(row.credits_centi)),
    created_at: apiTimestamp(row.created_at),
    contact,
    purchase_amount_in_cents: purchaseAmount(row),
    next_reward: await nextReward(db, contact.credit_balance),
    unlocked_reward: await unlockedReward(
      db,
      contact.credit_balance - fromCenti(Number(row.credits_centi)),
      contact.credit_balance,
    ),
  };
}

function purchaseAmount(row: {
  pos_amount_in_cents: number | null;
  unit_value: string | null;
  prefix: string;
}): number | null {
  if (row.pos_amount_in_cents !== null) return Number(row.pos_amount_in_cents);
  if (row.unit_value === null || row.prefix.trim() !== '€') return null;
  return Math.round(Number(row.unit_value) * 100);
}

/** The cheapest active, in-stock reward above `balance` credits, with the credits still needed. */
export async function nextReward(db: Db, balance: number): Promise<PortalCreditReception['next_reward']> {
  const balanceCenti = Math.round(balance * 100);
  const reward = await db
    .selectFrom('rewards')
    .select(['title', 'required_credits_centi'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .where('required_credits_centi', '>', balanceCenti)
    .orderBy('required_credits_centi')
    .orderBy('id')
    .executeTakeFirst();
  if (!reward) return null;
  return {
    title: reward.title,
    required_credits: fromCenti(Number(reward.required_credits_centi)),
    credits_short: fromCenti(Number(reward.required_credits_centi) - balanceCenti),
  };
}

/**
 * The dearest active, in-stock reward a balance rising from `before` to `after` credits made
 * claimable (required credits above `before`, at most `after`); null when none.
 */
async function unlockedReward(
  db: Db,
  before: number,
  after: number,
): Promise<PortalCreditReception['unlocked_reward']> {
  const reward = await db
    .selectFrom('rewards')
    .select(['title', 'required_credits_centi'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .where('required_credits_centi', '>', Math.round(before * 100))
    .where('required_credits_centi', '<=', Math.round(after * 100))
    .orderBy('required_credits_centi', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return reward
    ? { title: reward.title, required_credits: fromCenti(Number(reward.required_credits_centi)) }
    : null;
}
