import type { Selectable } from 'kysely';
import type { CreatePerkBody, Perk } from '../../../contract/public/perks';
import type { Db } from '../../db/schema';
import type { PerkOptionTable, PerkTable } from '../../db/schema-catalog';
import type { Tx } from '../../db/transaction';
import { invalidField, ServiceError } from '../shared/errors';
import { isoTimestamp, newUuid } from '../shared/values';

type PerkRow = Selectable<PerkTable>;
type PerkOptionRow = Selectable<PerkOptionTable>;

const TRUE_VALUES = new Set(['true', '1']);
const FALSE_VALUES = new Set(['false', '0']);

function perkView(row: PerkRow, options: PerkOptionRow[]): Perk {
  const boolean = row.data_type === 'boolean';
  return {
    uuid: row.uuid,
    label: row.label,
    name: row.name,
    data_type: row.data_type,
    options: options.map((o) => ({
      label: o.label,
      value: boolean ? o.value === 'true' : o.value,
      default: o.is_default === 1,
    })),
  };
}

async function perkViews(db: Db, rows: PerkRow[]): Promise<Perk[]> {
  if (rows.length === 0) return [];
  const options = await db
    .selectFrom('perk_options')
    .selectAll()
    .where(
      'perk_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('position')
    .execute();
  return rows.map((row) =>
    perkView(
      row,
      options.filter((o) => o.perk_id === row.id),
    ),
  );
}

async function perkByUuid(db: Db, uuid: string): Promise<PerkRow> {
  const row = await db.selectFrom('perks').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(110000);
  return row;
}

/** Spec GET /perks: every perk of the account with its options, in creation order. */
export async function listPerks(db: Db): Promise<Perk[]> {
  return perkViews(db, await db.selectFrom('perks').selectAll().orderBy('id').execute());
}

/** Spec GET /perks/{perk_uuid}. @throws ServiceError 110000 unknown perk. */
export async function getPerk(db: Db, uuid: string): Promise<Perk> {
  return (await perkViews(db, [await perkByUuid(db, uuid)]))[0]!;
}

/** An option value as stored: `true`/`false` for boolean perks. @throws ServiceError 1003 otherwise. */
function storedValue(dataType: Perk['data_type'], value: string | number | boolean, index: number): string {
  if (dataType === 'single_select') return String(value);
  const text = String(value).toLowerCase();
  if (TRUE_VALUES.has(text)) return 'true';
  if (FALSE_VALUES.has(text)) return 'false';
  invalidField(`options.${index}.value`, 'The value of a boolean perk option must be true or false.');
}

/**
 * Creates a perk (spec POST /perks) and gives every existing tier its default option.
 * @throws ServiceError 1003 naming options (a boolean value other than true/false, repeated values,
 * not exactly one default) and, with HTTP 409, name when a perk of that name exists.
 */
export async function createPerk(tx: Tx, input: CreatePerkBody): Promise<Perk> {
  const values = input.options.map((o, i) => storedValue(input.data_type, o.value, i));
  if (new Set(values).size !== values.length) {
    invalidField('options', 'The options field must not repeat a value.');
  }
  const defaults = input.options.filter((o) => o.default === true).length;
  if (defaults !== 1) {
    invalidField('options', 'Exactly one option must be the default.');
  }
  const perk = await tx.db
    .insertInto('perks')
    .values({
      uuid: newUuid(),
      name: input.name,
      label: input.label,
      data_type: input.data_type,
      created_at: isoTimestamp(tx.now),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!perk) {
    invalidField('name', 'A perk with this name already exists.', { status: 409 });
  }
  const options = await tx.db
    .insertInto('perk_options')
    .values(
      input.options.map((o, i) => ({
        perk_id: perk.id,
        label: o.label,
        value: values[i]!,
        is_default: o.default === true ? 1 : 0,
        position: i,
      })),
    )
    .returningAll()
    .execute();
  const defaultOption = options.find((o) => o.is_default === 1)!;
  const tiers = await tx.db.selectFrom('tiers').select('id').execute();
  if (tiers.length > 0) {
    await tx.db
      .insertInto('tier_perks')
      .values(tiers.map((t) => ({ tier_id: t.id, perk_id: perk.id, perk_option_id: defaultOption.id })))
      .execute();
  }
  return perkView(
    perk,
    options.sort((a, b) => a.position - b.position),
  );
}

/** Spec PUT /perks/{perk_uuid}: changes the label. @throws ServiceError 110000 unknown perk. */
export async function updatePerk(tx: Tx, uuid: string, input: { label: string }): Promise<Perk> {
  const row = await perkByUuid(tx.db, uuid);
  await tx.db.updateTable('perks').set({ label: input.label }).where('id', '=', row.id).execute();
  return getPerk(tx.db, uuid);
}

/**
 * Extension DELETE /perks/{perk_uuid} (the PHP SDK's `perk->delete()`): the perk, its options and
 * what each tier had of it go. @returns the perk as it was. @throws ServiceError 110000 unknown perk.
 */
export async function deletePerk(tx: Tx, uuid: string): Promise<Perk> {
  const row = await perkByUuid(tx.db, uuid);
  const view = (await perkViews(tx.db, [row]))[0]!;
  await tx.db.deleteFrom('tier_perks').where('perk_id', '=', row.id).execute();
  await tx.db.deleteFrom('perk_options').where('perk_id', '=', row.id).execute();
  await tx.db.deleteFrom('perks').where('id', '=', row.id).execute();
  return view;
}
