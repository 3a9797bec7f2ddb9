/*
 * Customer service in the office (docs/office.md "Customer service"): the owner or a manager finds
 * a customer, reads their balances, tier, cards and history, corrects their points with a reason,
 * reverses a reception or gift-card transaction, and the owner blocks a card, exports or erases
 * the customer. Each change goes through the capability that owns its rule (the credit ledger and
 * credit receptions, reward receptions, gift-card transactions, identifiers, privacy), acting as a
 * key of the shop whose row it is, and is recorded in the audit log in the same transaction.
 *
 * Who may do what: loyalty is account-wide, so an owner and every manager find and read any
 * customer (their balances, tier and cards); a manager reads the history lines of the shops they
 * run only, corrects points at those shops, and reverses those shops' receptions and transactions.
 * Blocking a card, the export and erasure are the owner's.
 */
import { sql } from 'kysely';
import type {
  CreditCorrectionRequest,
  CustomerCard,
  CustomerChange,
  CustomerHistory,
  CustomerSearchResult,
  CustomerSummary,
  OfficeCustomer,
  ReversalRequest,
} from '../../../contract/office-customers';
import { CUSTOMER_HISTORY_LIMIT, CUSTOMER_SEARCH_LIMIT } from '../../../contract/office-customers';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { reverseGiftcardTransaction } from '../giftcards/giftcard-transactions';
import { createCreditReception, reverseCreditReception } from '../loyalty/credit-receptions';
import { mayManageShop, type OfficeActor, requireOwner, requireShop } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { hint, sessionGiftcardTransactions } from '../portal-sessions/payments';
import { reverseRewardReception } from '../rewards/reward-receptions';
import type { Actor } from '../shared/actor';
import { refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, bool, fromCenti, isoTimestamp } from '../shared/values';
import { contactActivityLines } from './activity';
import { ANONYMOUS_EMAIL_DOMAIN, type ContactRow } from './contacts';
import { setIdentifierBlocked } from './identifiers';
import { eraseContact, type MeExport, meExport } from './privacy';

/** No such customer (or erased): 1003, HTTP 404, customer_not_found. */
function customerNotFound(): ServiceError {
  return refusal('customer_not_found', { en: 'Customer not found', nl: 'Klant niet gevonden' });
}

/**
 * The customer with this uuid, for the office: not an anonymous or erased contact.
 * @throws ServiceError customer_not_found (404).
 */
export async function officeCustomerRow(db: Db, uuid: string): Promise<ContactRow> {
  const row = await db.selectFrom('contacts').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row || row.email.endsWith(`@${ANONYMOUS_EMAIL_DOMAIN}`)) throw customerNotFound();
  return row;
}

/**
 * The office acting through a capability on a row of shop `shopId`: as an account-wide key for the
 * owner, as a key of that shop for a manager (who must run it). The capability then applies its
 * own rules as for any API caller.
 * @throws ServiceError office_not_allowed (403) for a manager of another shop.
 */
function actingFor(actor: OfficeActor, shopId: number | null): Actor {
  if (actor.role === 'owner') return { kind: 'api_key', shopId: null };
  requireShop(actor, shopId);
  return { kind: 'api_key', shopId };
}

// LIKE's own characters in a typed value match as themselves (ESCAPE '!').
const startsWith = (value: string) => `${value.toLowerCase().replace(/[!%_]/g, '!$&')}%`;

/**
 * Office POST /customers/search: customers whose e-mail address is or starts with `query`, who
 * hold a card of exactly that value, or (a query without `@`) whose first or last name starts with
 * it ("Anna Jan…": first and last name), case-insensitive; erased and anonymous contacts never. At most
 * CUSTOMER_SEARCH_LIMIT, exact e-mail and card matches first, then by e-mail address; `more` when
 * there were more. The same for an owner and a manager (loyalty is account-wide). Reads only.
 */
export async function searchCustomers(db: Db, query: string): Promise<CustomerSearchResult> {
  const q = query.trim();
  const found = new Map<number, { row: ContactRow; matched: CustomerSummary['matched']; rank: number }>();
  const add = (rows: ContactRow[], matched: CustomerSummary['matched'], rank: (r: ContactRow) => number) => {
    for (const row of rows) if (!found.has(row.id)) found.set(row.id, { row, matched, rank: rank(row) });
  };
  const live = (qb: ReturnType<typeof contacts>) =>
    qb.where('email', 'not like', `%@${ANONYMOUS_EMAIL_DOMAIN}`);
  const contacts = () => db.selectFrom('contacts').selectAll();
  const take = CUSTOMER_SEARCH_LIMIT + 1;

  const card = await db
    .selectFrom('contact_identifiers')
    .select('contact_id')
    .where('value', '=', q)
    .where('contact_id', 'is not', null)
    .executeTakeFirst();
  if (card?.contact_id != null) {
    add(await live(contacts().where('id', '=', card.contact_id)).execute(), 'card', () => 0);
  }
  const byEmail = await live(contacts())
    .where(sql<string>`lower(email)`, 'like', sql<string>`${startsWith(q)} escape '!'`)
    .orderBy('email')
    .limit(take)
    .execute();
  add(byEmail, 'email', (r) => (r.email.toLowerCase() === q.toLowerCase() ? 0 : 1));
  if (!q.includes('@')) {
    const [first, ...rest] = q.split(/\s+/);
    const last = rest.join(' ');
    let byName = live(contacts());
    byName = last
      ? byName
          .where(sql<string>`lower(firstname)`, 'like', sql<string>`${startsWith(first!)} escape '!'`)
          .where(sql<string>`lower(lastname)`, 'like', sql<string>`${startsWith(last)} escape '!'`)
      : byName.where((eb) =>
          eb.or([
            eb(sql<string>`lower(firstname)`, 'like', sql<string>`${startsWith(q)} escape '!'`),
            eb(sql<string>`lower(lastname)`, 'like', sql<string>`${startsWith(q)} escape '!'`),
          ]),
        );
    add(await byName.orderBy('email').limit(take).execute(), 'name', () => 2);
  }
  const all = [...found.values()].sort((a, b) => a.rank - b.rank || a.row.email.localeCompare(b.row.email));
  return {
    customers: all.slice(0, CUSTOMER_SEARCH_LIMIT).map(({ row, matched }) => ({
      uuid: row.uuid,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      credits: fromCenti(Number(row.credit_balance_centi)),
      matched,
    })),
    more: all.length > CUSTOMER_SEARCH_LIMIT,
  };
}

/** A card as the office shows it (its value as a hint: the last 4 characters). */
function cardView(row: {
  id: number;
  value: string;
  name: string;
  active: number;
  blocked_at: string | null;
}) {
  return {
    id: row.id,
    value_hint: hint(row.value),
    name: row.name,
    active: bool(row.active),
    blocked_at: apiTimestamp(row.blocked_at),
  } satisfies CustomerCard;
}

/**
 * Office GET /customers/{uuid}: the customer's names, e-mail address, tier, credit and prepaid
 * balances (the contact's cached balances, equal to their ledgers), the gift cards they used in
 * their portal sessions with their balances now, and their cards. The same for an owner and a
 * manager.
 * @throws ServiceError customer_not_found (404).
 */
export async function officeCustomer(db: Db, uuid: string): Promise<OfficeCustomer> {
  return customerView(db, await officeCustomerRow(db, uuid));
}

async function customerView(db: Db, row: ContactRow): Promise<OfficeCustomer> {
  const [tier, cards, sessions] = await Promise.all([
    row.tier_id === null
      ? undefined
      : db.selectFrom('tiers').select(['uuid', 'name']).where('id', '=', row.tier_id).executeTakeFirst(),
    db
      .selectFrom('contact_identifiers')
      .select(['id', 'value', 'name', 'active', 'blocked_at'])
      .where('contact_id', '=', row.id)
      .orderBy('id')
      .execute(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', row.id).execute(),
  ]);
  const used = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  const giftcardUuids = [...new Set(used.map((g) => g.giftcard.uuid))];
  const giftcards =
    giftcardUuids.length === 0
      ? []
      : await db
          .selectFrom('giftcards')
          .select(['uuid', 'hash', 'balance_in_cents', 'active'])
          .where('uuid', 'in', giftcardUuids)
          .orderBy('id')
          .execute();
  return {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    created_at: apiTimestamp(row.created_at),
    tier: tier ? { uuid: tier.uuid, name: tier.name } : null,
    credits: fromCenti(Number(row.credit_balance_centi)),
    prepaid_balance_in_cents: Number(row.prepaid_balance_in_cents),
    giftcards: giftcards.map((g) => ({
      uuid: g.uuid,
      hash_hint: hint(g.hash),
      balance_in_cents: Number(g.balance_in_cents),
      active: bool(g.active),
    })),
    cards: cards.map(cardView),
  };
}

/**
 * Office GET /customers/{uuid}/history: the customer's activity (contacts/activity.ts, as /me/
 * shows it, with gift-card reversals), newest first, CUSTOMER_HISTORY_LIMIT lines; each line says
 * whether it was reversed or is a reversal, and a correction's reason. A manager reads the lines
 * of the shops they run only (`other_shops`: there are others).
 * @throws ServiceError customer_not_found (404).
 */
export async function customerHistory(db: Db, actor: OfficeActor, uuid: string): Promise<CustomerHistory> {
  const row = await officeCustomerRow(db, uuid);
  const shopIds = actor.role === 'owner' ? undefined : actor.shopIds;
  const lines = await contactActivityLines(db, row.id, CUSTOMER_HISTORY_LIMIT, {
    shopIds,
    giftcardReversals: true,
  });
  let otherShops = false;
  if (shopIds !== undefined) {
    const all = await contactActivityLines(db, row.id, CUSTOMER_HISTORY_LIMIT, { giftcardReversals: true });
    otherShops = all.some((line) => line.shopId === null || !shopIds.includes(line.shopId));
  }
  return {
    lines: lines.map((line) => ({
      type: line.type,
      uuid: line.uuid,
      created_at: line.created_at,
      title: line.title,
      credits: line.credits,
      amount_in_cents: line.amount_in_cents,
      shop: line.shop,
      reversed: line.reversed,
      is_reversal: line.isReversal,
      reason: line.correctionReason,
    })),
    other_shops: otherShops,
  };
}

/** What an audit entry about a customer's change names: the customer, by uuid and id (for erasure). */
function aboutCustomer(row: ContactRow, shopId: number | null) {
  return { subjectType: 'contact' as const, subjectUuid: row.uuid, shopId, contactId: row.id };
}

/**
 * Office POST /customers/{uuid}/credit-corrections: adds or takes credits with a reason, as a
 * credit reception of explicit credits at `shop_uuid` (createCreditReception: its rules, its
 * ledger entry, its webhook event, the account's maximum per reception), which never takes the
 * balance below zero. The reason is kept with it (credit_corrections) and in the audit log
 * (`customer.credits_corrected`: the credits, reason and balance before and after).
 * @throws ServiceError customer_not_found (404); 1008 unknown or closed shop; office_not_allowed
 * (403) for a shop the manager does not run; 1003 naming credits (credit_balance_below_zero) when
 * the balance would go below zero; 1015 above the maximum per reception.
 */
export async function correctCredits(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: CreditCorrectionRequest,
): Promise<CustomerChange> {
  const row = await officeCustomerRow(tx.db, uuid);
  const shop = await tx.db
    .selectFrom('shops')
    .select('id')
    .where('uuid', '=', input.shop_uuid)
    .executeTakeFirst();
  if (actor.role !== 'owner' && (!shop || !mayManageShop(actor, shop.id))) requireShop(actor, null);
  if (!shop) throw new ServiceError(1008);
  const reception = await createCreditReception(tx, actingFor(actor, shop.id), {
    contact_uuid: row.uuid,
    credits: input.credits,
    shop_uuid: input.shop_uuid,
  });
  const { id } = await tx.db
    .selectFrom('credit_receptions')
    .select('id')
    .where('uuid', '=', reception.uuid)
    .executeTakeFirstOrThrow();
  await tx.db
    .insertInto('credit_corrections')
    .values({
      credit_reception_id: id,
      contact_id: row.id,
      staff_id: actor.staffId,
      reason: input.reason,
      created_at: isoTimestamp(tx.now),
    })
    .execute();
  const after = await officeCustomerRow(tx.db, row.uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'customer.credits_corrected',
    ...aboutCustomer(row, shop.id),
    before: { credits: fromCenti(Number(row.credit_balance_centi)) },
    after: {
      credits: fromCenti(Number(after.credit_balance_centi)),
      correction: reception.credits,
      reason: input.reason,
      credit_reception: reception.uuid,
    },
  });
  return {
    made: { type: 'credit_reception', uuid: reception.uuid },
    customer: await customerView(tx.db, after),
  };
}

/** The shop of the customer's row to reverse, or undefined when it is not one of theirs. */
async function reversible(
  db: Db,
  row: ContactRow,
  input: ReversalRequest,
): Promise<{ shopId: number | null } | undefined> {
  if (input.type === 'credit_reception' || input.type === 'reward_reception') {
    const table = input.type === 'credit_reception' ? 'credit_receptions' : 'reward_receptions';
    const found = await db
      .selectFrom(table)
      .select(['shop_id', 'contact_id'])
      .where('uuid', '=', input.uuid)
      .executeTakeFirst();
    return found?.contact_id === row.id ? { shopId: found.shop_id } : undefined;
  }
  // A gift card is nobody's: a transaction is the customer's when made in their portal sessions.
  const sessions = await db
    .selectFrom('portal_sessions')
    .select('id')
    .where('contact_id', '=', row.id)
    .execute();
  const theirs = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  if (!theirs.some((g) => g.uuid === input.uuid)) return undefined;
  const found = await db
    .selectFrom('giftcard_transactions')
    .select('shop_id')
    .where('uuid', '=', input.uuid)
    .executeTakeFirstOrThrow();
  return { shopId: found.shop_id };
}

/**
 * Office POST /customers/{uuid}/reversals: reverses one of the customer's credit receptions,
 * reward receptions or gift-card transactions by the API's own reversal (reverseCreditReception,
 * reverseRewardReception, reverseGiftcardTransaction), with its rules: once only, never a
 * reversal, a gift card's last transaction only, the balance never below zero. A manager reverses
 * only their shops' rows (others answer as unknown). The reversal shows in the history; recorded as
 * `customer.reversed` (what was reversed, what reversed it, the balances before and after).
 * @throws ServiceError customer_not_found (404); customer_transaction_not_found (404) not the
 * customer's, or another shop's for a manager; the reversal's own refusals
 * (credit_reception_already_reversed, reversal_not_reversible, reward_reception_already_reversed,
 * 55025 not the card's last or reversed already, credit_balance_below_zero, 5003, 5008…).
 */
export async function reverseForCustomer(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: ReversalRequest,
): Promise<CustomerChange> {
  const row = await officeCustomerRow(tx.db, uuid);
  const found = await reversible(tx.db, row, input);
  if (!found || (actor.role !== 'owner' && !mayManageShop(actor, found.shopId))) {
    throw refusal('customer_transaction_not_found', {
      en: 'This is not one of the customer’s receptions or transactions',
      nl: 'Dit is geen ontvangst of transactie van deze klant',
    });
  }
  const acting = actingFor(actor, found.shopId);
  const made =
    input.type === 'credit_reception'
      ? await reverseCreditReception(tx, acting, input.uuid)
      : input.type === 'reward_reception'
        ? await reverseRewardReception(tx, acting, input.uuid)
        : await reverseGiftcardTransaction(tx, acting, input.uuid);
  const madeType = input.type === 'giftcard_transaction' ? 'giftcard_transaction' : 'credit_reception';
  const after = await officeCustomerRow(tx.db, row.uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'customer.reversed',
    ...aboutCustomer(row, found.shopId),
    before: { [input.type]: input.uuid, credits: fromCenti(Number(row.credit_balance_centi)) },
    after: { [madeType]: made.uuid, credits: fromCenti(Number(after.credit_balance_centi)) },
  });
  return { made: { type: madeType, uuid: made.uuid }, customer: await customerView(tx.db, after) };
}

/**
 * Office PUT /customers/{uuid}/cards/{card}: the owner blocks or unblocks one of the customer's
 * cards (identifiers.ts setIdentifierBlocked: a blocked card is refused by every API, 60004
 * card_blocked). Recorded as `customer.card_blocked` / `customer.card_unblocked` with the card's
 * hint (never its value); a call that changes nothing records nothing.
 * @throws ServiceError office_not_allowed (403) for a manager; customer_not_found (404);
 * card_not_found (404) not one of theirs; 1003 (409) naming blocked for a card inactive otherwise.
 */
export async function setCardBlocked(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  cardId: number,
  blocked: boolean,
): Promise<CustomerCard> {
  requireOwner(actor);
  const row = await officeCustomerRow(tx.db, uuid);
  const card = await tx.db
    .selectFrom('contact_identifiers')
    .selectAll()
    .where('id', '=', cardId)
    .where('contact_id', '=', row.id)
    .executeTakeFirst();
  if (!card) {
    throw refusal('card_not_found', {
      en: 'This is not one of the customer’s cards',
      nl: 'Dit is geen pas van deze klant',
    });
  }
  const { before, after } = await setIdentifierBlocked(tx, card, blocked);
  if (before.blocked_at !== after.blocked_at) {
    await recordAudit(tx, officeAuditBy(actor), {
      action: blocked ? 'customer.card_blocked' : 'customer.card_unblocked',
      ...aboutCustomer(row, null),
      before: { card: hint(card.value), blocked: before.blocked_at !== null },
      after: { card: hint(card.value), blocked: after.blocked_at !== null },
    });
  }
  return cardView(after);
}

/**
 * Office POST /customers/{uuid}/export: the owner takes everything stored about the customer, the
 * same export as /me/ (privacy.ts meExport). Recorded as `customer.exported` (who took it, when;
 * nothing of its content).
 * @throws ServiceError office_not_allowed (403) for a manager; customer_not_found (404).
 */
export async function exportCustomer(tx: Tx, actor: OfficeActor, uuid: string): Promise<MeExport> {
  requireOwner(actor);
  const row = await officeCustomerRow(tx.db, uuid);
  const data = await meExport(tx.db, row.id, tx.now);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'customer.exported',
    ...aboutCustomer(row, null),
    before: null,
    after: { exported: true },
  });
  return data;
}

/**
 * Office POST /customers/{uuid}/erase: the owner erases the customer, by the same erasure as /me/
 * (privacy.ts eraseContact: personal data and cards go, ledgers stay anonymised, the audit
 * entries about them lose their values; their /me/ sessions end). Recorded as `customer.erased`
 * under the anonymised contact's new uuid, with no values.
 * @throws ServiceError office_not_allowed (403) for a manager; customer_not_found (404).
 */
export async function eraseCustomer(tx: Tx, actor: OfficeActor, uuid: string): Promise<void> {
  requireOwner(actor);
  const row = await officeCustomerRow(tx.db, uuid);
  await eraseContact(tx, row.id);
  const erased = await tx.db
    .selectFrom('contacts')
    .select('uuid')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'customer.erased',
    subjectType: 'contact',
    subjectUuid: erased.uuid,
    shopId: null,
    contactId: row.id,
    before: null,
    after: null,
  });
}
