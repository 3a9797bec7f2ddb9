import type { OfficeReward, RewardRequest } from '../../../contract/office-rewards';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { storeUploadedPicture } from '../media/picture-upload';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { invalidField } from '../shared/errors';
import { lockByUuid } from '../shared/row-lock';
import { apiTimestamp, fromCenti, isoTimestamp, newUuid, toCenti } from '../shared/values';
import { type RewardRow, rewardByUuid } from './rewards';

/*
 * The rewards as the office edits them (docs/office.md "Rewards and the brand"): the owner adds and
 * changes them (title, description, picture, points, stock, limit per customer, active window) and
 * switches them off; a manager reads them. The rules a claim meets (stock, limit, window, active)
 * are the claim's own (reward-receptions.ts), for every API; this file only stores the values.
 * Rewards are read anew on every request (no cache), so GET /rewards and a counter screen's next
 * session show a change at once.
 */

function pictureOf(row: RewardRow): string | null {
  if (!row.media) return null;
  const media = JSON.parse(row.media) as { value?: unknown };
  return typeof media.value === 'string' ? media.value : null;
}

function officeRewardView(row: RewardRow, claimed: number): OfficeReward {
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    reward_type: row.reward_type,
    required_credits: fromCenti(Number(row.required_credits_centi)),
    stock: row.stock,
    claim_limit_per_contact: row.claim_limit_per_contact,
    active: row.active === 1,
    active_from: apiTimestamp(row.active_from),
    active_until: apiTimestamp(row.active_until),
    picture_url: pictureOf(row),
    claimed,
  };
}

/** What the audit log keeps of a reward (the picture by its served path). */
function audited(view: OfficeReward): Record<string, unknown> {
  const { uuid: _uuid, claimed: _claimed, ...kept } = view;
  return kept;
}

async function claimedCounts(db: Db, rewardIds: number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_receptions')
    .select(['reward_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('reward_id', 'in', rewardIds)
    .where('reversed_by_credit_reception_id', 'is', null)
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.reward_id), Number(r.count)]));
}

/** Office GET /rewards (owner and manager): every reward, inactive ones too, in creation order. */
export async function officeRewards(db: Db): Promise<OfficeReward[]> {
  const rows = await db.selectFrom('rewards').selectAll().orderBy('id').execute();
  const counts = await claimedCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => officeRewardView(row, counts.get(row.id) ?? 0));
}

async function officeReward(db: Db, uuid: string): Promise<OfficeReward> {
  const row = await rewardByUuid(db, uuid);
  return officeRewardView(row, (await claimedCounts(db, [row.id])).get(row.id) ?? 0);
}

/** A stored timestamp of a request's ISO 8601 one (null stays null). */
const stored = (value: string | null | undefined) =>
  value === null || value === undefined ? null : isoTimestamp(new Date(value));

/** @throws ServiceError 1003 naming active_until when the window ends before it starts. */
function checkWindow(from: string | null, until: string | null): void {
  if (from !== null && until !== null && new Date(until).getTime() <= new Date(from).getTime()) {
    invalidField(
      'active_until',
      'The reward must stop being claimable after it starts (active_until after active_from).',
    );
  }
}

/**
 * Office POST /rewards (owner only): a new reward, active unless `active` is false; its picture is
 * checked and stored (media/picture-upload.ts). `reward.created` in the audit log.
 * @throws ServiceError office_not_allowed (403) for a manager; 1003 naming a field (active_until
 * before active_from, points with more than 2 decimals); picture_type (415), picture_too_large (413).
 */
export async function createOfficeReward(
  tx: Tx,
  actor: OfficeActor,
  input: RewardRequest,
): Promise<OfficeReward> {
  requireOwner(actor);
  const from = stored(input.active_from);
  const until = stored(input.active_until);
  checkWindow(from, until);
  const picture = input.picture ? await storeUploadedPicture(tx, 'picture', input.picture) : null;
  const uuid = newUuid();
  await tx.db
    .insertInto('rewards')
    .values({
      uuid,
      title: input.title,
      description: input.description || null,
      type: 'reward',
      reward_type: input.reward_type ?? 'PHYSICAL',
      required_credits_centi: toCenti(input.required_credits, 'required_credits'),
      stock: input.stock ?? null,
      active: input.active === false ? 0 : 1,
      claim_limit_per_contact: input.claim_limit_per_contact ?? null,
      pre_redeemable: 0,
      expiration_duration: null,
      cost_price: null,
      media: picture === null ? null : JSON.stringify({ type: 'image', value: picture }),
      attributes: '{}',
      active_from: from,
      active_until: until,
    })
    .execute();
  const view = await officeReward(tx.db, uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'reward.created',
    subjectType: 'reward',
    subjectUuid: uuid,
    shopId: null,
    before: null,
    after: audited(view),
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'rewards' });
  return view;
}

/**
 * Office PUT /rewards/{uuid} (owner only): the fields sent change, those left out stay; `picture`
 * null removes the picture, `active` false switches the reward off (claims refused with 1052; it
 * stays in GET /rewards as inactive). `reward.changed` with the values before and after.
 * @throws ServiceError office_not_allowed (403) for a manager; 6003 (404) unknown reward; 1003
 * naming a field; picture_type (415), picture_too_large (413). A refused call changes nothing.
 */
export async function changeOfficeReward(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: RewardRequest,
): Promise<OfficeReward> {
  requireOwner(actor);
  const row = await lockByUuid(tx, 'rewards', uuid, rewardByUuid);
  const before = await officeReward(tx.db, uuid);
  const from = input.active_from === undefined ? row.active_from : stored(input.active_from);
  const until = input.active_until === undefined ? row.active_until : stored(input.active_until);
  checkWindow(from, until);
  let media = row.media;
  if (input.picture === null) media = null;
  else if (input.picture !== undefined) {
    media = JSON.stringify({
      type: 'image',
      value: await storeUploadedPicture(tx, 'picture', input.picture),
    });
  }
  await tx.db
    .updateTable('rewards')
    .set({
      title: input.title,
      ...(input.description === undefined ? {} : { description: input.description || null }),
      ...(input.reward_type === undefined ? {} : { reward_type: input.reward_type }),
      required_credits_centi: toCenti(input.required_credits, 'required_credits'),
      ...(input.stock === undefined ? {} : { stock: input.stock }),
      ...(input.claim_limit_per_contact === undefined
        ? {}
        : { claim_limit_per_contact: input.claim_limit_per_contact }),
      ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
      active_from: from,
      active_until: until,
      media,
    })
    .where('id', '=', row.id)
    .execute();
  const after = await officeReward(tx.db, uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'reward.changed',
    subjectType: 'reward',
    subjectUuid: uuid,
    shopId: null,
    before: audited(before),
    after: audited(after),
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'rewards' });
  return after;
}
