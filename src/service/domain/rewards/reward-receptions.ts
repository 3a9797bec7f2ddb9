import { type Selectable, sql } from 'kysely';
import type { CreateRewardReceptionBody, RewardReception } from '../../../contract/public/reward-receptions';
import type { Db } from '../../db/schema';
import type { RewardReceptionTable } from '../../db/schema-catalog';
import type { Tx } from '../../db/transaction';
import { resolveShop, shopById, shopWithAddress } from '../account/shops';
import { contactById, contactByUuid } from '../contacts/contacts';
import { identifierByValue, identifierViewById } from '../contacts/identifiers';
import { postCreditEntry } from '../loyalty/credit-ledger';
import {
  type CreditReceptionView,
  creditReceptionView,
  RECEPTION_CHANNEL,
  recordReception,
} from '../loyalty/credit-receptions';
import { unitByNameOrDefault } from '../loyalty/units';
import { type Actor, actsForShop } from '../shared/actor';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, fromCenti, isoTimestamp, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import { rewardAttributeNames, rewardByUuid, rewardView, withinActiveWindow } from './rewards';

/** A reward reception row as stored (`credits_centi` negative, hundredths of a credit). */
export type RewardReceptionRow = Selectable<RewardReceptionTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reward reception by uuid, or undefined. */
export async function rewardReceptionByUuid(db: Db, uuid: string): Promise<RewardReceptionRow | undefined> {
  return db.selectFrom('reward_receptions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/**
 * Spec "Reward Reception" for the reception with this id; the contact's balance as it is now.
 * @throws ServiceError 6003 when its reward no longer exists.
 */
export async function rewardReceptionView(db: Db, id: number): Promise<RewardReception> {
  const row = await db
    .selectFrom('reward_receptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.reward_id === null) throw new ServiceError(6003);
  const [contact, shop, reward, names, identifier] = await Promise.all([
    contactById(db, row.contact_id),
    shopById(db, row.shop_id),
    db.selectFrom('rewards').selectAll().where('id', '=', row.reward_id).executeTakeFirstOrThrow(),
    rewardAttributeNames(db),
    identifierViewById(db, row.contact_identifier_id),
  ]);
  return {
    title: reward.title,
    type: 'reward_reception',
    uuid: row.uuid,
    credits: fromCenti(Number(row.credits_centi)),
    contact: {
      uuid: contact.uuid,
      email: contact.email,
      credit_balance: { id: contact.id, balance: fromCenti(Number(contact.credit_balance_centi)) },
    },
    shop: shopWithAddress(shop),
    channel: RECEPTION_CHANNEL,
    contact_identifier: identifier,
    created_at: apiTimestamp(row.created_at),
    reward: rewardView(reward, names),
    expires_at: apiTimestamp(row.expires_at),
    has_been_collected: row.collection_status === 'COLLECTED',
  };
}

/** The identifier a reception names: an active one of this contact. @throws ServiceError 1003 otherwise. */
async function receptionIdentifierId(db: Db, value: string | undefined, contactId: number) {
  if (value === undefined) return null;
  const identifier = await identifierByValue(db, value);
  if (identifier?.contact_id !== contactId || identifier.active !== 1) {
    invalidField(
      'contact_identifier_value',
      'The contact identifier value is not an active identifier of this contact.',
    );
  }
  return identifier.id;
}

/**
 * A contact claims a reward (spec POST /reward-receptions) at a shop: the reward's required credits
 * leave the contact's balance through the ledger (credit_entries source `reward_reception`) and one
 * unit of a limited stock is taken. Reversed receptions do not count against the claim limit.
 * A physical reward then waits at the shop as a Collectable Reward until `expires_at`
 * (created_at + expiration_duration days; null without a duration).
 * Locks the contact, then the reward, so that concurrent claims never overdraw the balance,
 * the stock or the claim limit.
 * @throws ServiceError 55031, 1008 (unknown shop, or not the shop of a shop-bound key), 6003,
 * 1003 (contact_identifier_value unknown, inactive or another contact's), 1052 inactive (or outside
 * its active window, active_from/active_until),
 * 1018 stock empty, 1019 claim limit reached, 1017 insufficient credits.
 */
export async function createRewardReception(
  tx: Tx,
  actor: Actor,
  input: CreateRewardReceptionBody,
): Promise<RewardReception> {
  const contact = await contactByUuid(tx.db, input.contact_uuid);
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  const found = await rewardByUuid(tx.db, input.reward_uuid);
  await tx.lock('contacts', contact.id);
  await tx.lock('rewards', found.id);
  const identifierId = await receptionIdentifierId(tx.db, input.contact_identifier_value, contact.id);
  const reward = await rewardByUuid(tx.db, input.reward_uuid);
  // Outside its active window (office "Rewards") a reward is inactive for claims too.
  if (reward.active !== 1 || !withinActiveWindow(reward, tx.now)) throw new ServiceError(1052);
  if (reward.stock !== null && reward.stock <= 0) throw new ServiceError(1018);
  if (reward.claim_limit_per_contact !== null) {
    const claimed = await tx.db
      .selectFrom('reward_receptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('contact_id', '=', contact.id)
      .where('reward_id', '=', reward.id)
      .where('reversed_by_credit_reception_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(claimed.count) >= reward.claim_limit_per_contact) throw new ServiceError(1019);
  }
  const required = Number(reward.required_credits_centi);
  const balance = await contactById(tx.db, contact.id);
  if (Number(balance.credit_balance_centi) < required) throw new ServiceError(1017);

  const at = isoTimestamp(tx.now);
  const { id } = await tx.db
    .insertInto('reward_receptions')
    .values({
      uuid: newUuid(),
      contact_id: contact.id,
      reward_id: reward.id,
      shop_id: shop.id,
      contact_identifier_id: identifierId,
      credits_centi: 0 - required,
      expires_at:
        reward.expiration_duration === null
          ? null
          : isoTimestamp(new Date(tx.now.getTime() + reward.expiration_duration * DAY_MS)),
      collected_at: null,
      collection_uuid: null,
      collection_status: null,
      reversed_by_credit_reception_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (reward.stock !== null) {
    const taken = await tx.db
      .updateTable('rewards')
      .set({ stock: sql<number>`stock - 1` })
      .where('id', '=', reward.id)
      .where('stock', '>', 0)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw new ServiceError(1018);
  }
  const debited = await postCreditEntry(tx, {
    contactId: contact.id,
    creditsCenti: 0 - required,
    source: 'reward_reception',
    sourceId: id,
  });
  if (!debited) throw new ServiceError(1017);
  const view = await rewardReceptionView(tx.db, id);
  await recordWebhookEvent(tx, 'reward_reception_created', view);
  return view;
}

/**
 * Reverses a reward reception (spec POST /reward-receptions/{uuid}/reverse, state table): a new
 * Credit Reception (default unit, no unit value) gives the spent credits back at the reception's shop,
 * the stock taken is restored, and a physical reward of it can no longer be collected. Once only.
 * A shop-bound key reverses only its shop's receptions (actsForShop).
 * @throws ServiceError 1003 (404) unknown reception or another shop's, 1003 (409) already reversed,
 * 55046 no default unit.
 */
export async function reverseRewardReception(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<CreditReceptionView> {
  const found = await rewardReceptionByUuid(tx.db, uuid);
  // Another shop's reception answers as an unknown one (docs/trust-model.md).
  if (!found || !actsForShop(actor, found.shop_id)) {
    throw refusal('reward_reception_not_found', 'Reward reception not found');
  }
  await tx.lock('contacts', found.contact_id);
  if (found.reward_id !== null) await tx.lock('rewards', found.reward_id);
  const alreadyReversed = () =>
    refusal('reward_reception_already_reversed', 'Reward reception already reversed');
  const row = (await rewardReceptionByUuid(tx.db, uuid))!;
  if (row.reversed_by_credit_reception_id !== null) throw alreadyReversed();
  const unit = await unitByNameOrDefault(tx.db, undefined);
  const { row: reversal } = await recordReception(tx, {
    contactId: row.contact_id,
    shopId: row.shop_id,
    unitId: unit.id,
    unitValue: null,
    creditsCenti: 0 - Number(row.credits_centi),
    identifierId: row.contact_identifier_id,
    posTransactionId: null,
    reversesId: null,
  });
  const marked = await tx.db
    .updateTable('reward_receptions')
    .set({ reversed_by_credit_reception_id: reversal.id })
    .where('id', '=', row.id)
    .where('reversed_by_credit_reception_id', 'is', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows === 0n) throw alreadyReversed();
  if (row.reward_id !== null) {
    await tx.db
      .updateTable('rewards')
      .set({ stock: sql<number>`stock + 1` })
      .where('id', '=', row.reward_id)
      .where('stock', 'is not', null)
      .execute();
  }
  const view = await creditReceptionView(tx.db, reversal.id);
  await recordWebhookEvent(tx, 'reward_reception_reversed', { ...view, reverses_uuid: row.uuid });
  return view;
}
