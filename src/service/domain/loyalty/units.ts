import type { Selectable } from 'kysely';
import type { CreatedUnit, CreateUnitBody, Unit, UnitRef } from '../../../contract/public/units';
import { ACCOUNT_CHANGED_TOPIC, accountCached, forgetAccountCached } from '../../db/account-cache';
import type { Db, UnitTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { ServiceError } from '../shared/errors';
import { apiTimestamp, bool, isoTimestamp } from '../shared/values';

/** A unit row as stored (`is_default` 0/1). */
export type UnitRow = Selectable<UnitTable>;

// The account has one loyalty program; its id is what the real platform shows on units.
const LOYALTY_PROGRAM_ID = 1;

/** Spec "Unit" as listed: `{name, label, prefix, is_default}`. */
export function unitView(row: UnitRow): Unit {
  return { name: row.name, label: row.label, prefix: row.prefix, is_default: bool(row.is_default) };
}

/** The unit of a Credit Reception: `{id, name, label, prefix, is_default}`. */
export function unitRefView(row: UnitRow): UnitRef {
  return { id: row.id, ...unitView(row) };
}

/** Every unit of the account, in creation order (spec "Units": GET /units). */
export async function listUnits(db: Db): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().orderBy('id').execute();
}

/** A unit by id (for rendering rows that reference it). */
export async function unitById(db: Db, id: number): Promise<UnitRow> {
  return db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * The unit named `name`, else the account's default unit (spec "Credit receptions" rule 3).
 * @throws ServiceError 60007 when the named unit does not exist, 55046 when none is named and there is no default.
 */
export async function unitByNameOrDefault(db: Db, name: string | undefined): Promise<UnitRow> {
  return (await receptionUnit(db, name)).unit;
}

/**
 * unitByNameOrDefault, and the account's maximum credits per reception (hundredths of a credit;
 * null when there is none): a credit reception needs both. Kept per process; a named unit not
 * kept is read again before it is refused.
 * @throws ServiceError 60007, 55046 as unitByNameOrDefault.
 */
export async function receptionUnit(
  db: Db,
  name: string | undefined,
): Promise<{ unit: UnitRow; maxCreditsCenti: number | null }> {
  // Every credit reception needs them: kept per process (db/account-cache.ts).
  const kept = await accountCached(db, RECEPTION_UNITS, () => readReceptionUnits(db));
  const pick = (units: UnitRow[]) =>
    units.find((u) => (name === undefined ? u.is_default === 1 : u.name === name));
  let found = kept;
  let unit = pick(kept.units);
  if (!unit && name !== undefined) {
    // A unit just created through another process may not have reached this one's bus yet: read
    // again before refusing, so that a POS can use a unit the moment it was created.
    found = await readReceptionUnits(db);
    unit = pick(found.units);
    if (unit) forgetAccountCached(db, RECEPTION_UNITS);
  }
  if (!unit) throw new ServiceError(name === undefined ? 55046 : 60007);
  return { unit, maxCreditsCenti: found.maxCreditsCenti };
}

const RECEPTION_UNITS = 'reception-units';

/** The account's units in id order, and its maximum credits per reception (hundredths, or null). */
async function readReceptionUnits(db: Db): Promise<{ units: UnitRow[]; maxCreditsCenti: number | null }> {
  const account = await db
    .selectFrom('account')
    .select('max_credits_per_reception_centi')
    .limit(1)
    .executeTakeFirst();
  const max = account?.max_credits_per_reception_centi ?? null;
  return {
    units: await db.selectFrom('units').selectAll().orderBy('id').execute(),
    maxCreditsCenti: max === null ? null : Number(max),
  };
}

/**
 * Creates a unit (spec "Units": POST). `prefix` defaults to the first character of the name;
 * `is_default` true makes it the account's only default unit.
 * @throws ServiceError 55045 when a unit with this name exists.
 */
export async function createUnit(tx: Tx, input: CreateUnitBody): Promise<CreatedUnit> {
  const at = isoTimestamp(tx.now);
  const isDefault = input.is_default === true;
  // ON CONFLICT keeps a concurrent create of the same name from surfacing as a database error.
  const row = await tx.db
    .insertInto('units')
    .values({
      name: input.name,
      label: input.label,
      prefix: input.prefix ?? input.name.charAt(0),
      is_default: isDefault ? 1 : 0,
      format: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ServiceError(55045);
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'units' });
  if (isDefault) await makeDefaultUnit(tx, row.id);
  return {
    ...unitRefView(row),
    loyalty_program_id: LOYALTY_PROGRAM_ID,
    format: row.format,
    updated_at: apiTimestamp(row.updated_at),
    created_at: apiTimestamp(row.created_at),
  };
}

/**
 * Makes unit `id` the account's one default unit (spec "Credit receptions" rule 3): the others lose
 * it. Announces the change to every process (ACCOUNT_CHANGED_TOPIC).
 */
export async function makeDefaultUnit(tx: Tx, id: number): Promise<void> {
  const at = isoTimestamp(tx.now);
  await tx.db.updateTable('units').set({ is_default: 1, updated_at: at }).where('id', '=', id).execute();
  await tx.db
    .updateTable('units')
    .set({ is_default: 0, updated_at: at })
    .where('id', '!=', id)
    .where('is_default', '=', 1)
    .execute();
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'units' });
}
