import type {
  CollectableReward,
  CollectedReward,
  RewardRedemption,
} from '../../../contract/public/collectable-rewards';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { contactById, contactByUuid } from '../contacts/contacts';
import { type Actor, actsForShop } from '../shared/actor';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, fromCenti, isoTimestamp, newUuid } from '../shared/values';
import { rewardReceptionByUuid } from './reward-receptions';
import { rewardAttributeNames, rewardView } from './rewards';

/*
 * A claimed PHYSICAL reward (its reward reception) waits at the shop until collected. Collecting
 * it is a redemption with a uuid of its own (status COLLECTED); reversing that redemption
 * (status REVERSED) makes the reward collectable again, under a new redemption uuid. Reversing the
 * reward reception itself (credits back) ends it: it is then neither listed nor collectable.
 */

/**
 * Spec GET /collectable-rewards: the contact's claimed physical rewards that are not reversed,
 * waiting ones (not expired) and collected ones (`has_been_collected` true), oldest first.
 * Rewards that no longer exist are left out.
 * @throws ServiceError 55031 unknown contact.
 */
export async function listCollectableRewards(
  db: Db,
  contactUuid: string,
  now: Date,
): Promise<CollectableReward[]> {
  const contact = await contactByUuid(db, contactUuid);
  const at = isoTimestamp(now);
  const [rows, names] = await Promise.all([
    receptionsWithRewards(db)
      .where('reward_receptions.contact_id', '=', contact.id)
      .where('rewards.reward_type', '=', 'PHYSICAL')
      .where('reward_receptions.reversed_by_credit_reception_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('reward_receptions.collection_status', '=', 'COLLECTED'),
          eb('reward_receptions.expires_at', 'is', null),
          eb('reward_receptions.expires_at', '>', at),
        ]),
      )
      .orderBy('reward_receptions.id')
      .execute(),
    rewardAttributeNames(db),
  ]);
  return rows.map((row) => collectableRewardView(contact, row, names));
}

// Reward receptions with their reward's columns, as collectable rewards are shown.
function receptionsWithRewards(db: Db) {
  return db
    .selectFrom('reward_receptions')
    .innerJoin('rewards', 'rewards.id', 'reward_receptions.reward_id')
    .selectAll('rewards')
    .select([
      'reward_receptions.uuid as reception_uuid',
      'reward_receptions.created_at as reception_created_at',
      'reward_receptions.expires_at',
      'reward_receptions.collection_status',
    ]);
}

type ReceptionWithReward = Awaited<
  ReturnType<ReturnType<typeof receptionsWithRewards>['executeTakeFirstOrThrow']>
>;

function collectableRewardView(
  contact: { uuid: string; email: string; credit_balance_centi: number },
  row: ReceptionWithReward,
  names: Awaited<ReturnType<typeof rewardAttributeNames>>,
): CollectableReward {
  return {
    contact: {
      uuid: contact.uuid,
      email: contact.email,
      credit_balance: { balance: fromCenti(Number(contact.credit_balance_centi)) },
    },
    created_at: apiTimestamp(row.reception_created_at),
    uuid: row.reception_uuid,
    title: row.title,
    reward: rewardView(row, names),
    expires_at: apiTimestamp(row.expires_at),
    has_been_collected: row.collection_status === 'COLLECTED',
  };
}

/**
 * Spec PUT /collectable-rewards/collect/{loyalty_transaction_uuid}: the contact collects the
 * physical reward of that reward reception (state table: has_been_collected false → COLLECTED).
 * @returns the redemption `{uuid, status: 'COLLECTED'}` (its uuid is what reverse takes), with the
 * Collectable Reward's other fields as the real platform answers (its PHP SDK maps them). The
 * reward waits at the shop it was claimed at: a shop-bound key collects only its shop's (actsForShop).
 * @throws ServiceError 80300 unknown reception or another shop's, not a physical reward, reception
 * reversed or expired; 6003 its reward no longer exists; 1003 (409) already collected.
 */
export async function collectReward(tx: Tx, actor: Actor, receptionUuid: string): Promise<CollectedReward> {
  const row = await rewardReceptionByUuid(tx.db, receptionUuid);
  // Another shop's reception answers as an unknown one (docs/trust-model.md).
  if (!row || !actsForShop(actor, row.shop_id)) throw new ServiceError(80300);
  if (row.reward_id === null) throw new ServiceError(6003);
  const reward = await tx.db
    .selectFrom('rewards')
    .select('reward_type')
    .where('id', '=', row.reward_id)
    .executeTakeFirst();
  if (!reward) throw new ServiceError(6003);
  const expired = row.expires_at !== null && new Date(row.expires_at) <= tx.now;
  if (reward.reward_type !== 'PHYSICAL' || row.reversed_by_credit_reception_id !== null || expired) {
    throw new ServiceError(80300);
  }
  const uuid = newUuid();
  // Conditional: of two concurrent collects (or a collect and a reversal) only one changes the row.
  const collected = await tx.db
    .updateTable('reward_receptions')
    .set({ collection_uuid: uuid, collection_status: 'COLLECTED', collected_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .where('reversed_by_credit_reception_id', 'is', null)
    .where((eb) => eb.or([eb('collection_status', 'is', null), eb('collection_status', '=', 'REVERSED')]))
    .executeTakeFirst();
  if (collected.numUpdatedRows === 0n) {
    const now = await rewardReceptionByUuid(tx.db, receptionUuid);
    if (now?.reversed_by_credit_reception_id !== null) throw new ServiceError(80300);
    throw refusal('reward_already_collected', 'Reward already collected');
  }
  const [contact, shown, names] = await Promise.all([
    contactById(tx.db, row.contact_id),
    receptionsWithRewards(tx.db).where('reward_receptions.id', '=', row.id).executeTakeFirstOrThrow(),
    rewardAttributeNames(tx.db),
  ]);
  return { ...collectableRewardView(contact, shown, names), uuid, status: 'COLLECTED' };
}

/**
 * Spec POST /v3/oauth/clients/collectable-rewards/{uuid}/reverse: undoes a collection (state table:
 * COLLECTED → REVERSED); the reward can be collected again. `bodyUuid`, the spec's input `uuid`,
 * must equal the path's when sent. A shop-bound key reverses only collections of its shop's
 * receptions (actsForShop).
 * @throws ServiceError 1003 (body uuid differs), 1003 (404) unknown redemption or another shop's,
 * 1003 (409) already reversed.
 */
export async function reverseRedemption(
  tx: Tx,
  actor: Actor,
  redemptionUuid: string,
  bodyUuid: string | undefined,
): Promise<RewardRedemption> {
  if (bodyUuid !== undefined && bodyUuid !== redemptionUuid) {
    invalidField('uuid', 'The uuid field must equal the redemption uuid in the path.');
  }
  const known = await tx.db
    .selectFrom('reward_receptions')
    .select(['id', 'shop_id'])
    .where('collection_uuid', '=', redemptionUuid)
    .executeTakeFirst();
  // Another shop's redemption answers as an unknown one (docs/trust-model.md).
  if (!known || !actsForShop(actor, known.shop_id)) {
    throw refusal('redemption_not_found', 'Collectable reward redemption not found');
  }
  // Conditional on the redemption's uuid and status: of concurrent reversals (or a reversal and a
  // new collection) one changes the row.
  const reversed = await tx.db
    .updateTable('reward_receptions')
    .set({ collection_status: 'REVERSED', collected_at: null })
    .where('id', '=', known.id)
    .where('collection_uuid', '=', redemptionUuid)
    .where('collection_status', '=', 'COLLECTED')
    .executeTakeFirst();
  if (reversed.numUpdatedRows === 0n) {
    throw refusal('redemption_already_reversed', 'Redemption already reversed');
  }
  return { uuid: redemptionUuid, status: 'REVERSED' };
}
