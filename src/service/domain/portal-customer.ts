import type {
  PortalActivity,
  PortalCard,
  PortalCreditReception,
  PortalReward,
  PortalSubscription,
  PortalVoucher,
  RewardClaimResult,
} from '../../contract/portal';
import type { Voucher } from '../../contract/public/vouchers';
import type { Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import {
  createIdentifier,
  type IdentifierRow,
  identifierByValue,
  linkIdentifier,
} from './contact-identifiers';
import { contactById } from './contacts';
import { invalidField, refusal, ServiceError } from './errors';
import { claimLoyaltyToken, parseLoyaltyTokenUrl } from './loyalty-tokens';
import { sessionGiftcardTransactions } from './portal-payments';
import { portalCard } from './portal-profile';
import { recordEvent } from './portal-session-events';
import {
  type PortalSessionRow,
  requireContact,
  requireCustomerProof,
  requireProvenContact,
  sessionActor,
} from './portal-session-guards';
import { portalContact, portalCreditReception } from './portal-session-views';
import { createRewardReception } from './reward-receptions';
import { rewardView } from './rewards';
import { shopById } from './shops';
import {
  type ContactSubscriptionView,
  listContactSubscriptions,
  subscribeContact,
  unsubscribeContact,
} from './subscriptions';
import { apiTimestamp, fromCenti } from './values';
import { assertRedeemableNow, listVouchers, redeemVoucher, voucherByCode } from './vouchers';

/*
 * What the identified customer does at the kiosk (DESIGN.md "Kiosk flows"): vouchers, and in the
 * customer's own portal (identify sessions) rewards, recent activity, subscriptions and cards.
 * Every function needs the session's identified contact (1003, HTTP 409 otherwise); all but the
 * rewards list need their proof too (1003, HTTP 403, proof_required: docs/trust-model.md).
 */

/**
 * Why a voucher cannot be used at `now` (contract/portal.ts PortalVoucher `unusable`), with the
 * date that tells it; null when it can. `lockedUntil`: the end of a lock held elsewhere.
 */
function unusable(voucher: Voucher, lockedUntil: string | null, now: Date): PortalVoucher['unusable'] {
  switch (voucher.status) {
    case 'REDEEMED':
      return { reason: 'redeemed', date: voucher.redeemed_at };
    case 'EXPIRED':
      return { reason: 'expired', date: voucher.expiration_date };
    case 'DEACTIVATED':
      return { reason: 'deactivated', date: null };
    case 'INACTIVE':
      return { reason: 'not_yet_active', date: voucher.activation_date };
    case 'LOCKED':
      return { reason: 'locked', date: lockedUntil };
    case 'ACTIVE':
      return voucher.activation_date !== null && Date.parse(voucher.activation_date) > now.getTime()
        ? { reason: 'not_yet_active', date: voucher.activation_date }
        : null;
  }
}

/**
 * Vouchers as the kiosk shows them (contract/portal.ts PortalVoucher), in their order, each with its
 * promotion's picture (`media`, like a reward's) and, judged at `now`, why it cannot be used (one
 * query for the pictures, one for the locks).
 */
export async function portalVouchers(db: Db, vouchers: Voucher[], now: Date): Promise<PortalVoucher[]> {
  const uuids = [...new Set(vouchers.map((voucher) => voucher.promotion.uuid))];
  const lockedUuids = vouchers.filter((v) => v.status === 'LOCKED').map((v) => v.uuid);
  const [promotions, locks] = await Promise.all([
    uuids.length === 0
      ? []
      : db.selectFrom('promotions').select(['uuid', 'media']).where('uuid', 'in', uuids).execute(),
    lockedUuids.length === 0
      ? []
      : db.selectFrom('vouchers').select(['uuid', 'locked_until']).where('uuid', 'in', lockedUuids).execute(),
  ]);
  const media = new Map(
    promotions.map((p) => [p.uuid, p.media ? (JSON.parse(p.media) as PortalVoucher['media']) : null]),
  );
  const lockedUntil = new Map(locks.map((l) => [l.uuid, apiTimestamp(l.locked_until)]));
  return vouchers.map((voucher) => ({
    uuid: voucher.uuid,
    code: voucher.code,
    name: voucher.name,
    description: voucher.description,
    expiration_date: voucher.expiration_date,
    status: voucher.status,
    media: media.get(voucher.promotion.uuid) ?? null,
    unusable: unusable(voucher, lockedUntil.get(voucher.uuid) ?? null, now),
  }));
}

/** The identified customer's ACTIVE vouchers (as of now), oldest first (portal API GET vouchers). */
export async function sessionVouchers(
  db: Db,
  session: PortalSessionRow,
  now: Date,
): Promise<PortalVoucher[]> {
  const contact = await contactById(db, requireProvenContact(session));
  const { items } = await listVouchers(
    db,
    { contact_uuid: contact.uuid, status: 'ACTIVE', page: 1, limit: 500 },
    now,
  );
  return portalVouchers(db, items, now);
}

/**
 * Redeems a voucher by code for the identified, proven customer at the session's shop (portal API
 * vouchers/redeem): a voucher of nobody is linked to them. Its status is judged first, its owner
 * after. Records `voucher_redeemed` with the spec Voucher as data.
 * @throws ServiceError 1003 (HTTP 403) proof_required; 80004, 80017 (locked), 80005, 80006, 80012,
 *   80014; 1003 (HTTP 403, voucher_someone_else) another contact's voucher; 1003 naming
 *   contact_uuid when the customer holds the promotion's limit already.
 */
export async function redeemVoucherInSession(
  tx: Tx,
  session: PortalSessionRow,
  code: string,
): Promise<{ voucher: PortalVoucher }> {
  const contact = await contactById(tx.db, requireProvenContact(session));
  const found = await voucherByCode(tx.db, code);
  assertRedeemableNow(found, tx.now);
  // A voucher is linked only when redeemed, so this holds for the redemption below.
  if (found.contact_id !== null && found.contact_id !== contact.id) {
    throw refusal(
      'voucher_someone_else',
      {
        en: 'This voucher is linked to another account',
        nl: 'Deze voucher is aan een ander account gekoppeld',
      },
      { status: 403 },
    );
  }
  const voucher = await redeemVoucher(tx, sessionActor(session), { code, contact_uuid: contact.uuid });
  await recordEvent(tx, session, 'voucher_redeemed', voucher);
  const [shown] = await portalVouchers(tx.db, [voucher], tx.now);
  return { voucher: shown! };
}

/**
 * The account's active rewards for the identified customer (portal API GET rewards): claimable
 * (balance ≥ required credits and in stock) first, then by required credits; `credits_short` is
 * max(0, required − balance) in credits.
 */
export function sessionRewards(db: Db, session: PortalSessionRow): Promise<PortalReward[]> {
  return contactRewards(db, requireContact(session));
}

/** The account's active rewards for a contact, as sessionRewards (the kiosk and /me/). */
export async function contactRewards(db: Db, contactId: number): Promise<PortalReward[]> {
  const contact = await contactById(db, contactId);
  const balance = Number(contact.credit_balance_centi);
  const rows = await db.selectFrom('rewards').selectAll().where('active', '=', 1).orderBy('id').execute();
  const rewards = rows.map((row) => {
    const view = rewardView(row, []);
    const required = Number(row.required_credits_centi);
    const outOfStock = row.stock !== null && row.stock <= 0;
    return {
      uuid: view.uuid,
      title: view.title,
      description: view.description,
      reward_type: view.reward_type,
      required_credits: view.required_credits,
      media: view.media,
      claimable: balance >= required && !outOfStock,
      credits_short: fromCenti(Math.max(0, required - balance)),
      out_of_stock: outOfStock,
    };
  });
  return rewards.sort(
    (a, b) => Number(b.claimable) - Number(a.claimable) || a.required_credits - b.required_credits,
  );
}

/**
 * The identified customer claims a reward at the session's shop (portal API rewards/claim):
 * a reward reception (its credits negative); a physical reward waits at the shop (`collect_at`).
 * Records `reward_reception` with the spec Reward Reception as data.
 * @throws ServiceError 6003 unknown reward, 1052 inactive, 1018 out of stock, 1019 claim limit
 *   reached, 1017 insufficient credits.
 */
export async function claimRewardInSession(
  tx: Tx,
  session: PortalSessionRow,
  rewardUuid: string,
): Promise<RewardClaimResult> {
  const contactId = requireProvenContact(session);
  const [contact, shop] = await Promise.all([
    contactById(tx.db, contactId),
    shopById(tx.db, session.shop_id),
  ]);
  const reception = await createRewardReception(tx, sessionActor(session), {
    contact_uuid: contact.uuid,
    reward_uuid: rewardUuid,
    shop_uuid: shop.uuid,
  });
  await recordEvent(tx, session, 'reward_reception', reception);
  return {
    reward_reception: {
      uuid: reception.uuid,
      title: reception.title,
      credits: reception.credits,
      reward_type: reception.reward.reward_type,
      expires_at: reception.expires_at,
      collect_at: reception.reward.reward_type === 'PHYSICAL' ? shop.name : null,
    },
    contact: await portalContact(tx.db, contactId),
  };
}

const ACTIVITY_LIMIT = 50;

/**
 * The identified customer's recent activity, newest first, at most 50 lines (the v1 component's
 * GET loyalty-transactions): credit receptions ("Credits earned", "Credits reversed", or "Credits
 * returned" for a reversed reward), reward receptions (the reward's title, negative credits),
 * prepaid transactions but the opening balance ("Prepaid payment", "Prepaid top-up", "Prepaid
 * reversed"), and gift-card transactions made in their portal sessions ("Gift card payment", "Gift
 * card top-up"), with the shop's name. Titles are English; a page may word them by `type` and sign.
 */
export function sessionActivity(db: Db, session: PortalSessionRow): Promise<PortalActivity[]> {
  return contactActivity(db, requireProvenContact(session), ACTIVITY_LIMIT);
}

/**
 * A contact's newest `limit` lines of activity, newest first, as sessionActivity words them (the
 * v1 component and /me/).
 */
export async function contactActivity(db: Db, contactId: number, limit: number): Promise<PortalActivity[]> {
  const [credits, rewards, prepaid, sessions] = await Promise.all([
    db
      .selectFrom('credit_receptions as c')
      .leftJoin('shops as s', 's.id', 'c.shop_id')
      .leftJoin('reward_receptions as r', 'r.reversed_by_credit_reception_id', 'c.id')
      .select(['c.uuid', 'c.created_at', 'c.credits_centi', 's.name as shop', 'r.id as reversed_reward'])
      .where('c.contact_id', '=', contactId)
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('reward_receptions as r')
      .leftJoin('rewards as w', 'w.id', 'r.reward_id')
      .leftJoin('shops as s', 's.id', 'r.shop_id')
      .select(['r.uuid', 'r.created_at', 'r.credits_centi', 'w.title', 's.name as shop'])
      .where('r.contact_id', '=', contactId)
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('prepaid_transactions as p')
      .leftJoin('shops as s', 's.id', 'p.shop_id')
      .select(['p.uuid', 'p.created_at', 'p.amount_in_cents', 'p.kind', 's.name as shop'])
      .where('p.contact_id', '=', contactId)
      .where('p.kind', '<>', 'opening')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', contactId).execute(),
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  const lines: PortalActivity[] = [
    ...credits.map((c) => {
      const centi = Number(c.credits_centi);
      return {
        type: 'credit_reception' as const,
        uuid: c.uuid,
        created_at: c.created_at,
        title:
          c.reversed_reward !== null ? 'Credits returned' : centi < 0 ? 'Credits reversed' : 'Credits earned',
        credits: fromCenti(centi),
        amount_in_cents: null,
        shop: c.shop,
      };
    }),
    ...rewards.map((r) => ({
      type: 'reward_reception' as const,
      uuid: r.uuid,
      created_at: r.created_at,
      title: r.title ?? 'Reward',
      credits: fromCenti(Number(r.credits_centi)),
      amount_in_cents: null,
      shop: r.shop,
    })),
    ...prepaid.map((p) => {
      const cents = Number(p.amount_in_cents);
      return {
        type: 'prepaid_transaction' as const,
        uuid: p.uuid,
        created_at: p.created_at,
        title: p.kind === 'reversal' ? 'Prepaid reversed' : cents < 0 ? 'Prepaid payment' : 'Prepaid top-up',
        credits: null,
        amount_in_cents: cents,
        shop: p.shop,
      };
    }),
    ...giftcards.map((g) => ({
      type: 'giftcard_transaction' as const,
      uuid: g.uuid,
      created_at: g.created_at,
      title: g.amount_in_cents < 0 ? 'Gift card payment' : 'Gift card top-up',
      credits: null,
      amount_in_cents: g.amount_in_cents,
      shop: g.shop,
    })),
  ];
  return lines
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, limit)
    .map((line) => ({ ...line, created_at: apiTimestamp(line.created_at) }));
}

/**
 * How many lines of activity a contact has in all (contactActivity's sources), for its pages.
 */
export async function contactActivityCount(db: Db, contactId: number): Promise<number> {
  const [credits, rewards, prepaid, sessions] = await Promise.all([
    db
      .selectFrom('credit_receptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_receptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prepaid_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .where('kind', '<>', 'opening')
      .executeTakeFirstOrThrow(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', contactId).execute(),
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  return Number(credits.n) + Number(rewards.n) + Number(prepaid.n) + giftcards.length;
}

function portalSubscription(s: ContactSubscriptionView): PortalSubscription {
  return {
    id: s.subscription_type.id,
    name: s.subscription_type.name,
    description: s.subscription_type.description,
    strategy: s.subscription_type.strategy,
    status: s.status,
  };
}

/** The identified customer's e-mail subscriptions, one per active subscription type. */
export async function sessionSubscriptions(db: Db, session: PortalSessionRow): Promise<PortalSubscription[]> {
  return contactSubscriptions(db, requireProvenContact(session));
}

/** A contact's e-mail subscriptions, one per active subscription type (the v1 component and /me/). */
export async function contactSubscriptions(db: Db, contactId: number): Promise<PortalSubscription[]> {
  return (await listContactSubscriptions(db, contactId)).map(portalSubscription);
}

/**
 * Subscribes or unsubscribes the identified customer (the v1 component's PUT subscriptions); a double
 * opt-in type becomes PENDING_CONFIRMATION. Records `subscription_changed`
 * `{subscription_type: {id}, status}`.
 * @throws ServiceError 55030 unknown (or, to subscribe, inactive) subscription type.
 */
export async function changeSubscriptionInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: { subscription_type_id: number; subscribed: boolean },
): Promise<PortalSubscription> {
  const changed = await changeContactSubscription(tx, requireProvenContact(session), input);
  await recordEvent(tx, session, 'subscription_changed', {
    subscription_type: { id: changed.id },
    status: changed.status,
  });
  return changed;
}

/**
 * Subscribes or unsubscribes a contact by subscription type id (the v1 component and /me/); a double
 * opt-in type becomes PENDING_CONFIRMATION.
 * @throws ServiceError 55030 unknown (or, to subscribe, inactive) subscription type.
 */
export async function changeContactSubscription(
  tx: Tx,
  contactId: number,
  input: { subscription_type_id: number; subscribed: boolean },
): Promise<PortalSubscription> {
  const type = { id: input.subscription_type_id };
  const changed = input.subscribed
    ? await subscribeContact(tx, contactId, type)
    : await unsubscribeContact(tx, contactId, type);
  return portalSubscription(changed);
}

/** The identified customer's cards (contact identifiers), oldest first, values shown as hints. */
export async function sessionCards(db: Db, session: PortalSessionRow): Promise<PortalCard[]> {
  return (await contactCards(db, requireProvenContact(session))).map(portalCard);
}

/** A contact's cards (contact identifiers) as stored, oldest first (the v1 component and /me/). */
export function contactCards(db: Db, contactId: number) {
  return db
    .selectFrom('contact_identifiers')
    .select(['id', 'value', 'name', 'active', 'created_at'])
    .where('contact_id', '=', contactId)
    .orderBy('id')
    .execute();
}

/**
 * Adds a card to the identified customer (the v1 component's link-identifier): an unknown value
 * becomes a new card ("Loyalty card", so that its name does not show its value) linked to them, an
 * unlinked card is linked; their own card is answered as it is. A card proves its holder is the
 * customer, so the customer must have proved it themselves in the session (a scan, their e-mailed
 * code): the POS's word gives nobody a card to their account.
 * Records `card_added` `{contact: {uuid, email}, contact_identifier}` when a card was added.
 * @throws ServiceError 1003 (HTTP 403) proof_required; 60004 inactive card, 60014 linked to
 *   someone else, 60006 created meanwhile.
 */
export async function addCardInSession(
  tx: Tx,
  session: PortalSessionRow,
  value: string,
): Promise<PortalCard> {
  const contactId = requireCustomerProof(session);
  const { card, added } = await addContactCard(tx, contactId, value);
  if (!added) return portalCard(card);
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'card_added', {
    contact: { uuid: contact.uuid, email: contact.email },
    contact_identifier: value,
  });
  return portalCard(card);
}

/**
 * Adds a card to a contact at the counter (the v1 component): an unknown value becomes a new card ("Loyalty
 * card", so that its name does not show its value) linked to them, an unlinked card is linked;
 * their own card is answered as it is (`added` false).
 * @throws ServiceError 60004 inactive card, 60014 linked to someone else, 60006 created meanwhile.
 */
export async function addContactCard(
  tx: Tx,
  contactId: number,
  value: string,
): Promise<{ card: IdentifierRow; added: boolean }> {
  const existing = await identifierByValue(tx.db, value);
  if (existing && existing.active !== 1) throw new ServiceError(60004);
  if (existing?.contact_id === contactId) return { card: existing, added: false };
  const card = existing
    ? await linkIdentifier(tx, value, contactId)
    : await createIdentifier(tx, { value, name: 'Loyalty card', contactId });
  return { card, added: true };
}

/**
 * Claims a scanned receipt code (a receipt token's URL, docs/receipt-tokens.md) for the session's
 * customer (portal API receipt-tokens/claim; identify sessions): its credits become a credit
 * reception at the shop of the purchase, by the one rule of every caller (claimLoyaltyToken), and
 * the session records `receipt_token_claimed` `{unique_id, credit_reception}`. Earning needs no
 * proof (docs/trust-model.md). Answers the reception as the kiosk shows it.
 * @throws ServiceError 1003 (HTTP 409) customer_not_identified; 1003 naming value
 *   (loyalty_token_invalid) for a code that is no receipt token; claimLoyaltyToken's refusals
 *   (loyalty_token_invalid, loyalty_token_expired, loyalty_token_claimed, 1015…).
 */
export async function claimReceiptInSession(
  tx: Tx,
  session: PortalSessionRow,
  value: string,
): Promise<PortalCreditReception> {
  const contact = await contactById(tx.db, requireContact(session));
  const token = parseLoyaltyTokenUrl(value);
  if (!token) {
    invalidField('value', 'This is not the code of a receipt.', { reason: 'loyalty_token_invalid' });
  }
  const reception = await claimLoyaltyToken(tx, token, contact.uuid);
  await recordEvent(tx, session, 'receipt_token_claimed', {
    unique_id: token.unique_id,
    credit_reception: reception,
  });
  const { id } = await tx.db
    .selectFrom('credit_receptions')
    .select('id')
    .where('uuid', '=', reception.uuid)
    .executeTakeFirstOrThrow();
  return portalCreditReception(tx.db, id);
}
