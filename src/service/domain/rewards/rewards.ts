import type { Selectable } from 'kysely';
import { booleanField, numberField } from '../../../contract/fields';
import { REWARD_FIELDS, type Reward, type UpdateRewardBody } from '../../../contract/public/rewards';
import type { Db, RewardTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { attributeDefinitions, checkedAttributeValues, mergeAttributes } from '../account/custom-attributes';
import { resolveShop } from '../account/shops';
import { contactByUuid } from '../contacts/contacts';
import type { Actor } from '../shared/actor';
import { assertNoFieldErrors, ServiceError } from '../shared/errors';
import { lockByUuid } from '../shared/row-lock';
import { bool, fromCenti, jsonObject, toCenti } from '../shared/values';

/** A reward row as stored (`required_credits_centi` in hundredths of a credit, `stock` null = unlimited). */
export type RewardRow = Selectable<RewardTable>;

/**
 * Whether `now` is within the reward's active window (`active_from` included, `active_until` not;
 * either may be open). The one place the window is decided: claims (reward-receptions.ts) and the
 * lists a customer sees (claimable.ts) ask it.
 */
export function withinActiveWindow(row: Pick<RewardRow, 'active_from' | 'active_until'>, now: Date): boolean {
  const at = now.getTime();
  if (row.active_from !== null && at < new Date(row.active_from).getTime()) return false;
  if (row.active_until !== null && at >= new Date(row.active_until).getTime()) return false;
  return true;
}

/** A reward by uuid. @throws ServiceError 6003 when there is none. */
export async function rewardByUuid(db: Db, uuid: string): Promise<RewardRow> {
  const row = await db.selectFrom('rewards').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(6003);
  return row;
}

/** The names of the account's custom reward attributes (the further keys of every Reward). */
export async function rewardAttributeNames(db: Db): Promise<string[]> {
  return (await attributeDefinitions(db, 'reward')).map((d) => d.name);
}

/**
 * Spec "Reward" for a row: custom reward attributes as further keys (`attributeNames` from
 * rewardAttributeNames; null when the reward has no value), `required_credits` in credits.
 */
export function rewardView(row: RewardRow, attributeNames: string[]): Reward {
  const attributes = jsonObject(row.attributes);
  const custom: Record<string, unknown> = {};
  for (const name of attributeNames) custom[name] = null;
  return {
    ...custom,
    ...attributes,
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    type: row.type,
    reward_type: row.reward_type,
    is_active: bool(row.active),
    active: bool(row.active),
    required_credits: fromCenti(Number(row.required_credits_centi)),
    media: row.media ? (JSON.parse(row.media) as Reward['media']) : null,
    pre_redeemable: bool(row.pre_redeemable),
    expiration_duration: row.expiration_duration,
    cost_price: row.cost_price === null ? null : Number(row.cost_price),
    stock: row.stock,
  };
}

/** Spec "Reward" for the reward with this uuid. @throws ServiceError 6003 when there is none. */
export async function getReward(db: Db, uuid: string): Promise<Reward> {
  return rewardView(await rewardByUuid(db, uuid), await rewardAttributeNames(db));
}

/**
 * Spec "Reward receptions and rewards" GET /rewards: every reward of the account for the contact,
 * inactive and out-of-stock ones included (clients show them as such), in creation order.
 * Acts for the key's bound shop, or `shop_uuid` with an unbound key (account-fixture.md "Rules").
 * Without `contact_uuid` (only on the surfaces, as the PHP SDK's rewards->list() asks) it is the
 * account's list, for no contact and so no shop; a `shop_uuid` sent is still checked.
 * @throws ServiceError 55031 unknown contact; 1008 with neither, an unknown shop, or another shop than the key's.
 */
export async function listRewards(
  db: Db,
  actor: Actor,
  query: { contact_uuid?: string | undefined; shop_uuid?: string | undefined },
): Promise<Reward[]> {
  if (query.contact_uuid !== undefined || query.shop_uuid !== undefined) {
    await resolveShop(db, actor, query.shop_uuid);
  }
  if (query.contact_uuid !== undefined) await contactByUuid(db, query.contact_uuid);
  const [rows, names] = await Promise.all([
    db.selectFrom('rewards').selectAll().orderBy('id').execute(),
    rewardAttributeNames(db),
  ]);
  return rows.map((row) => rewardView(row, names));
}

const EDITABLE_FIELDS = ['title', 'description', 'required_credits'];

// The Reward's other fields an update cannot change. A client may send them back as it read them
// (the PHP SDK's rewards->update sends type, pre_redeemable and expiration_duration); another value
// is refused, never ignored.
const READ_ONLY_FIELDS = REWARD_FIELDS.filter((field) => !EDITABLE_FIELDS.includes(field));

/** Whether a sent value (JSON, or form text such as `1`/`0` and numbers as text) is the current one. */
function sameValue(current: unknown, sent: unknown): boolean {
  if (current === null) return sent === null || sent === '';
  if (typeof current === 'boolean') {
    const parsed = booleanField().safeParse(sent);
    return parsed.success && parsed.data === current;
  }
  if (typeof current === 'number') {
    const parsed = numberField().safeParse(sent);
    return parsed.success && parsed.data === current;
  }
  return sent === current;
}

/** @throws ServiceError 1003 naming each read-only field sent with a value other than the reward's. */
function checkReadOnlyFields(current: Reward, input: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  for (const field of READ_ONLY_FIELDS) {
    if (field in input && !sameValue(current[field], input[field])) {
      errors[field] = [
        `The ${field} field cannot be changed; send it as the reward shows it, or leave it out.`,
      ];
    }
  }
  assertNoFieldErrors(errors);
}

/**
 * Changes a reward (spec PUT /rewards/{reward_uuid}): title, description, required_credits (credits,
 * at most 2 decimals) and values of custom reward attributes (further keys; null clears one). The
 * reward's read-only fields may be sent back unchanged.
 * @throws ServiceError 6003 unknown reward; 1003 naming unknown keys, bad values, or a read-only
 * field with another value than the reward's.
 */
export async function updateReward(tx: Tx, uuid: string, input: UpdateRewardBody): Promise<Reward> {
  const row = await lockByUuid(tx, 'rewards', uuid, rewardByUuid);
  // Custom reward attributes cannot take these names (account/custom-attributes.ts reserves them).
  checkReadOnlyFields(rewardView(row, await rewardAttributeNames(tx.db)), input);
  const custom = Object.fromEntries(
    Object.entries(input).filter(([key]) => !(REWARD_FIELDS as string[]).includes(key)),
  );
  const values = await checkedAttributeValues(tx.db, 'reward', custom);
  const changes = {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.required_credits === undefined
      ? {}
      : { required_credits_centi: toCenti(input.required_credits, 'required_credits') }),
    ...(Object.keys(values).length === 0
      ? {}
      : { attributes: mergeAttributes(jsonObject(row.attributes), values) }),
  };
  if (Object.keys(changes).length > 0) {
    await tx.db.updateTable('rewards').set(changes).where('id', '=', row.id).execute();
  }
  return getReward(tx.db, uuid);
}
