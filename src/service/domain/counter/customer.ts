import type {
  PortalActivity,
  PortalCard,
  PortalCreditReception,
  PortalReward,
  PortalSubscription,
  PortalVoucher,
  RewardClaimResult,
} from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { shopById } from '../account/shops';
import { contactActivity } from '../contacts/activity';
import { contactCards, portalCard } from '../contacts/cards';
import { contactById } from '../contacts/contacts';
import { changeContactSubscription, contactSubscriptions } from '../contacts/subscriptions';
import { claimLoyaltyToken, parseLoyaltyTokenUrl } from '../loyalty/loyalty-tokens';
import { recordEvent } from '../portal-sessions/events';
import {
  type PortalSessionRow,
  requireContact,
  requireProvenContact,
  sessionActor,
} from '../portal-sessions/guards';
import { portalContact, portalCreditReception } from '../portal-sessions/views';
import { contactRewards } from '../rewards/claimable';
import { createRewardReception } from '../rewards/reward-receptions';
import { invalidField, refusal } from '../shared/errors';
import { portalVouchers } from '../vouchers/views';
import { assertRedeemableNow, listVouchers, redeemVoucher, voucherByCode } from '../vouchers/vouchers';

/*
 * The counter's use cases for the session's identified customer (docs/design.md "Kiosk flows"):
 * vouchers, and in the customer's own portal (identify sessions) rewards, recent activity,
 * subscriptions and cards, each a session's guard around the capability it calls (contacts/,
 * rewards/, vouchers/). Every function needs the session's identified contact (1003, HTTP 409
 * otherwise); all but the rewards list need their proof too (1003, HTTP 403, proof_required:
 * docs/trust-model.md).
 */

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
export function sessionRewards(db: Db, session: PortalSessionRow, now: Date): Promise<PortalReward[]> {
  return contactRewards(db, requireContact(session), now);
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

/** The identified customer's e-mail subscriptions, one per active subscription type. */
export async function sessionSubscriptions(db: Db, session: PortalSessionRow): Promise<PortalSubscription[]> {
  return contactSubscriptions(db, requireProvenContact(session));
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

/** The identified customer's cards (contact identifiers), oldest first, values shown as hints. */
export async function sessionCards(db: Db, session: PortalSessionRow): Promise<PortalCard[]> {
  return (await contactCards(db, requireProvenContact(session))).map(portalCard);
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
