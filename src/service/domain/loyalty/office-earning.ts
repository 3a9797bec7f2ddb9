import Decimal from 'decimal.js';
import type { Selectable } from 'kysely';
import type {
  EarningRule,
  EarningRuleRequest,
  OfficeTier,
  OfficeUnit,
  TierRequest,
  UnitChangeRequest,
  UnitCreateRequest,
} from '../../../contract/office-programme-rules';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Db, LoyaltyRuleTable, TierTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { assertNoFieldErrors, invalidField, refusal } from '../shared/errors';
import { isoTimestamp, newUuid } from '../shared/values';
import { createUnit, makeDefaultUnit, unitView } from './units';

/*
 * The loyalty programme's earning side as the office edits it (docs/office.md "Earning and
 * promotions"): tiers, earning rules (table loyalty_rules, applied by rules.ts, the one engine of
 * every credit reception) and units. Everyone in the office reads them; only the owner changes
 * them. Every change is checked here, recorded in the audit log in its own transaction, and
 * announced on ACCOUNT_CHANGED_TOPIC, so that every process credits the next reception by it.
 */

/** The rounding of an earning rule (rules.ts applyRule). */
const ROUNDINGS = ['floor', 'round', 'ceil'] as const;
/** "HH:MM", 00:00 to 23:59. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A non-negative decimal with at most 4 decimals. */
const DECIMAL = /^\d{1,9}(\.\d{1,4})?$/;
/** A unit's name: what a POS sends as `unit_name`. */
const UNIT_NAME = /^[a-z][a-z0-9_]{0,63}$/;

type TierRow = Selectable<TierTable>;
type RuleRow = Selectable<LoyaltyRuleTable>;

function announce(tx: Tx, table: string): void {
  // Every process forgets its kept units, tiers and rules (db/account-cache.ts) once this commits.
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table });
}

async function audit(
  tx: Tx,
  actor: OfficeActor,
  action: string,
  subject: string | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await recordAudit(tx, officeAuditBy(actor), {
    action,
    subjectType: 'account',
    subjectUuid: subject,
    shopId: null,
    before,
    after,
  });
}

// Tiers.

/** Office GET /earning's tiers: lowest position first, each with how many contacts hold it. */
export async function officeTiers(db: Db): Promise<OfficeTier[]> {
  const rows = await db.selectFrom('tiers').selectAll().orderBy('position').orderBy('id').execute();
  const held = await db
    .selectFrom('contacts')
    .select(['tier_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tier_id', 'is not', null)
    .groupBy('tier_id')
    .execute();
  const count = new Map(held.map((h) => [h.tier_id, Number(h.n)]));
  return rows.map((r) => tierView(r, count.get(r.id) ?? 0));
}

function tierView(row: TierRow, contacts: number): OfficeTier {
  return { uuid: row.uuid, name: row.name, description: row.description, position: row.position, contacts };
}

const tierAudited = (t: Pick<TierRow, 'name' | 'description' | 'position'>) => ({
  name: t.name,
  description: t.description,
  position: t.position,
});

/** A tier by uuid. @throws ServiceError tier_not_found (404), naming `field` when given. */
async function tierByUuid(db: Db, uuid: string, field?: string): Promise<TierRow> {
  const row = await db.selectFrom('tiers').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (row) return row;
  const detail = { en: 'This tier does not exist', nl: 'Deze trede bestaat niet' };
  throw refusal('tier_not_found', detail, field ? { fields: { [field]: ['No tier has this uuid.'] } } : {});
}

function checkTier(input: TierRequest): { name: string; description: string | null } {
  const name = input.name.trim();
  if (!name) invalidField('name', 'A tier needs a name.');
  return { name, description: input.description?.trim() || null };
}

/**
 * Adds a tier (owner only): name (required), description, position (default after the last).
 * Recorded as `tier.created`. @throws ServiceError office_not_allowed (403); 1003 naming name.
 */
export async function createTier(tx: Tx, actor: OfficeActor, input: TierRequest): Promise<OfficeTier> {
  requireOwner(actor);
  const { name, description } = checkTier(input);
  const last = await tx.db
    .selectFrom('tiers')
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  const position = input.position ?? Number(last?.p ?? 0) + 1;
  const row = await tx.db
    .insertInto('tiers')
    .values({ uuid: newUuid(), name, description, position, media: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  announce(tx, 'tiers');
  await audit(tx, actor, 'tier.created', row.uuid, null, tierAudited(row));
  return tierView(row, 0);
}

/**
 * Changes a tier's name, description and position (owner only); its contacts keep it. Recorded as
 * `tier.changed`. @throws ServiceError office_not_allowed (403), tier_not_found (404), 1003 naming name.
 */
export async function changeTier(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: TierRequest,
): Promise<OfficeTier> {
  requireOwner(actor);
  const before = await tierByUuid(tx.db, uuid);
  const { name, description } = checkTier(input);
  const row = await tx.db
    .updateTable('tiers')
    .set({ name, description, position: input.position ?? before.position })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  announce(tx, 'tiers');
  await audit(tx, actor, 'tier.changed', uuid, tierAudited(before), tierAudited(row));
  const { n } = await tx.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tier_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return tierView(row, Number(n));
}

/**
 * Removes a tier nobody holds (owner only). A tier that contacts hold, or that earning rules or
 * perks name, stays: 409 tier_in_use saying how many (move the contacts and change the rules first;
 * the service never moves a customer's tier by itself). Recorded as `tier.removed`.
 * @throws ServiceError office_not_allowed (403), tier_not_found (404), tier_in_use (409).
 */
export async function removeTier(tx: Tx, actor: OfficeActor, uuid: string): Promise<void> {
  requireOwner(actor);
  const row = await tierByUuid(tx.db, uuid);
  const count = async (table: 'contacts' | 'loyalty_rules' | 'tier_perks') =>
    Number(
      (
        await tx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tier_id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [contacts, rules, perks] = [
    await count('contacts'),
    await count('loyalty_rules'),
    await count('tier_perks'),
  ];
  if (contacts + rules + perks > 0) {
    throw refusal('tier_in_use', {
      en: `The tier is in use: ${contacts} contact(s) hold it, ${rules} earning rule(s) and ${perks} perk(s) name it`,
      nl: `De trede is in gebruik: ${contacts} klant(en) hebben haar, ${rules} spaarregel(s) en ${perks} voordeel/voordelen noemen haar`,
    });
  }
  await tx.db.deleteFrom('tiers').where('id', '=', row.id).execute();
  announce(tx, 'tiers');
  await audit(tx, actor, 'tier.removed', uuid, tierAudited(row), null);
}

// Earning rules.

/** Office GET /earning's rules, in id order (the order rules.ts breaks ties by). */
export async function officeEarningRules(db: Db): Promise<EarningRule[]> {
  const rows = await db.selectFrom('loyalty_rules').selectAll().orderBy('id').execute();
  const units = new Map(
    (await db.selectFrom('units').select(['id', 'name']).execute()).map((u) => [u.id, u.name]),
  );
  const tiers = new Map(
    (await db.selectFrom('tiers').select(['id', 'uuid']).execute()).map((t) => [t.id, t.uuid]),
  );
  return rows.map((r) =>
    ruleView(r, units.get(r.unit_id) ?? '', r.tier_id === null ? null : (tiers.get(r.tier_id) ?? null)),
  );
}

function ruleView(row: RuleRow, unitName: string, tierUuid: string | null): EarningRule {
  return {
    id: row.id,
    unit_name: unitName,
    credits_per_unit: row.credits_per_unit,
    rounding: row.rounding,
    tier_uuid: tierUuid,
    weekdays: row.weekdays ? (JSON.parse(row.weekdays) as number[]) : null,
    from_time: row.from_time,
    until_time: row.until_time,
  };
}

/** A rule's values as stored, checked. */
type RuleValues = Omit<RuleRow, 'id'>;

/**
 * Checks an earning rule and answers it as stored, or refuses it naming every wrong field (1003,
 * 422): unit_name a unit of the account; credits_per_unit a non-negative decimal (at most 9 digits
 * and 4 decimals); rounding floor, round or ceil; tier_uuid a tier of the account (or none);
 * weekdays each 1 (Monday) to 7 (Sunday), once; from_time and until_time "HH:MM" and not equal.
 */
export async function checkEarningRule(db: Db, input: EarningRuleRequest): Promise<RuleValues> {
  const fields: Record<string, string[]> = {};
  const wrong = (field: string, message: string) => {
    fields[field] = [message];
  };
  const unit = await db
    .selectFrom('units')
    .select('id')
    .where('name', '=', input.unit_name.trim())
    .executeTakeFirst();
  if (!unit) wrong('unit_name', 'No unit has this name.');
  const credits = String(input.credits_per_unit).trim();
  if (!DECIMAL.test(credits))
    wrong('credits_per_unit', 'Must be a number of 0 or more, with at most 4 decimals (e.g. 1.5).');
  const rounding = input.rounding ?? 'floor';
  if (!ROUNDINGS.includes(rounding as (typeof ROUNDINGS)[number]))
    wrong('rounding', 'Must be floor, round or ceil.');
  let tierId: number | null = null;
  if (input.tier_uuid) {
    const tier = await db
      .selectFrom('tiers')
      .select('id')
      .where('uuid', '=', input.tier_uuid)
      .executeTakeFirst();
    if (tier) tierId = tier.id;
    else wrong('tier_uuid', 'No tier has this uuid.');
  }
  const days = input.weekdays ?? [];
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
    wrong('weekdays', 'Each weekday must be 1 (Monday) to 7 (Sunday).');
  else if (new Set(days).size !== days.length) wrong('weekdays', 'Each weekday may be named once.');
  const from = input.from_time?.trim() || null;
  const until = input.until_time?.trim() || null;
  if (from !== null && !TIME.test(from)) wrong('from_time', 'Must be a time HH:MM, 00:00 to 23:59.');
  if (until !== null && !TIME.test(until)) wrong('until_time', 'Must be a time HH:MM, 00:00 to 23:59.');
  if (from !== null && from === until)
    wrong('until_time', 'Must differ from from_time (the window would be empty).');
  assertNoFieldErrors(fields);
  return {
    unit_id: unit!.id,
    credits_per_unit: new Decimal(credits).toString(),
    rounding: rounding as RuleValues['rounding'],
    tier_id: tierId,
    weekdays: days.length ? JSON.stringify([...days].sort((a, b) => a - b)) : null,
    from_time: from,
    until_time: until,
  };
}

async function ruleById(db: Db, id: number): Promise<RuleRow> {
  const row = await db.selectFrom('loyalty_rules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row)
    throw refusal('earning_rule_not_found', {
      en: 'This earning rule does not exist',
      nl: 'Deze spaarregel bestaat niet',
    });
  return row;
}

async function ruleAnswer(db: Db, row: RuleRow): Promise<EarningRule> {
  const unit = await db
    .selectFrom('units')
    .select('name')
    .where('id', '=', row.unit_id)
    .executeTakeFirstOrThrow();
  const tier =
    row.tier_id === null
      ? null
      : await db.selectFrom('tiers').select('uuid').where('id', '=', row.tier_id).executeTakeFirst();
  return ruleView(row, unit.name, tier?.uuid ?? null);
}

const ruleAudited = (r: EarningRule) => {
  const { id: _id, ...rest } = r;
  return rest;
};

/**
 * Adds an earning rule (owner only), checked by checkEarningRule; the next credit reception of
 * every process follows it. Recorded as `earning_rule.created`.
 * @throws ServiceError office_not_allowed (403); 1003 (422) naming each wrong field.
 */
export async function createEarningRule(
  tx: Tx,
  actor: OfficeActor,
  input: EarningRuleRequest,
): Promise<EarningRule> {
  requireOwner(actor);
  const values = await checkEarningRule(tx.db, input);
  const row = await tx.db.insertInto('loyalty_rules').values(values).returningAll().executeTakeFirstOrThrow();
  announce(tx, 'loyalty_rules');
  const view = await ruleAnswer(tx.db, row);
  await audit(tx, actor, 'earning_rule.created', String(row.id), null, ruleAudited(view));
  return view;
}

/**
 * Changes an earning rule whole (owner only), checked as createEarningRule. Recorded as
 * `earning_rule.changed` with before and after.
 * @throws ServiceError office_not_allowed (403), earning_rule_not_found (404), 1003 (422) naming each wrong field.
 */
export async function changeEarningRule(
  tx: Tx,
  actor: OfficeActor,
  id: number,
  input: EarningRuleRequest,
): Promise<EarningRule> {
  requireOwner(actor);
  const before = await ruleAnswer(tx.db, await ruleById(tx.db, id));
  const values = await checkEarningRule(tx.db, input);
  const row = await tx.db
    .updateTable('loyalty_rules')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  announce(tx, 'loyalty_rules');
  const view = await ruleAnswer(tx.db, row);
  await audit(tx, actor, 'earning_rule.changed', String(id), ruleAudited(before), ruleAudited(view));
  return view;
}

/**
 * Removes an earning rule (owner only); a unit without a matching rule gives no credits.
 * Recorded as `earning_rule.removed`. @throws ServiceError office_not_allowed (403), earning_rule_not_found (404).
 */
export async function removeEarningRule(tx: Tx, actor: OfficeActor, id: number): Promise<void> {
  requireOwner(actor);
  const before = await ruleAnswer(tx.db, await ruleById(tx.db, id));
  await tx.db.deleteFrom('loyalty_rules').where('id', '=', id).execute();
  announce(tx, 'loyalty_rules');
  await audit(tx, actor, 'earning_rule.removed', String(id), ruleAudited(before), null);
}

// Units.

/** Office GET /earning's units, in creation order (as GET /units). */
export async function officeUnits(db: Db): Promise<OfficeUnit[]> {
  const rows = await db.selectFrom('units').selectAll().orderBy('id').execute();
  return rows.map(unitView);
}

/**
 * Adds a unit (owner only) through the public API's createUnit (units.ts: unique name, one
 * default). Its name is what a POS sends as `unit_name`: lower-case letters, digits and `_`,
 * starting with a letter. Recorded as `unit.created`.
 * @throws ServiceError office_not_allowed (403); 1003 naming name or label; 55045 (a unit has this name).
 */
export async function officeCreateUnit(
  tx: Tx,
  actor: OfficeActor,
  input: UnitCreateRequest,
): Promise<OfficeUnit> {
  requireOwner(actor);
  const name = input.name.trim();
  const label = input.label.trim();
  const fields: Record<string, string[]> = {};
  if (!UNIT_NAME.test(name))
    fields.name = ['Lower-case letters, digits and _, starting with a letter (at most 64).'];
  if (!label) fields.label = ['A unit needs a label.'];
  assertNoFieldErrors(fields);
  const prefix = input.prefix?.trim() || undefined;
  const made = await createUnit(tx, {
    name,
    label,
    ...(prefix ? { prefix } : {}),
    is_default: input.is_default ?? false,
  });
  const view = unitView({
    ...made,
    is_default: made.is_default ? 1 : 0,
    format: null,
    created_at: '',
    updated_at: '',
  });
  await audit(tx, actor, 'unit.created', name, null, view);
  return view;
}

/**
 * Changes a unit's label and prefix (owner only), and makes it the default unit with
 * `is_default: true` (the other loses it; there is always one default, so `false` on the default
 * is refused). Its name stays: the POS sends it. Recorded as `unit.changed`.
 * @throws ServiceError office_not_allowed (403), unit_not_found (404), 1003 naming label, prefix or is_default.
 */
export async function officeChangeUnit(
  tx: Tx,
  actor: OfficeActor,
  name: string,
  input: UnitChangeRequest,
): Promise<OfficeUnit> {
  requireOwner(actor);
  const before = await tx.db.selectFrom('units').selectAll().where('name', '=', name).executeTakeFirst();
  if (!before)
    throw refusal('unit_not_found', { en: 'This unit does not exist', nl: 'Deze eenheid bestaat niet' });
  const fields: Record<string, string[]> = {};
  const label = input.label.trim();
  const prefix = input.prefix.trim();
  if (!label) fields.label = ['A unit needs a label.'];
  if (!prefix) fields.prefix = ['A unit needs a prefix (e.g. € or S).'];
  if (input.is_default === false && before.is_default === 1)
    fields.is_default = ['The account always has a default unit: make another unit the default instead.'];
  assertNoFieldErrors(fields);
  const row = await tx.db
    .updateTable('units')
    .set({ label, prefix, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.is_default === true && before.is_default !== 1) await makeDefaultUnit(tx, row.id);
  announce(tx, 'units');
  const after = unitView({ ...row, is_default: input.is_default === true ? 1 : row.is_default });
  await audit(tx, actor, 'unit.changed', name, unitView(before), after);
  return after;
}
