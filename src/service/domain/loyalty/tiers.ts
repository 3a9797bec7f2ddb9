import type { Selectable } from 'kysely';
import type { Tier } from '../../../contract/public/account';
import type { Db, TierTable } from '../../db/schema';

/** The tier object of contacts and of GET /tiers: `{uuid, name, description, position, media}`. */
export function tierView(row: Selectable<TierTable>): Tier {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    position: row.position,
    media: row.media ? JSON.parse(row.media) : null,
  };
}

/** Extension GET /contacts/{uuid}/tier: the tier with this id, or null for none. */
export async function contactTier(db: Db, tierId: number | null): Promise<Tier | null> {
  if (tierId === null) return null;
  const row = await db.selectFrom('tiers').selectAll().where('id', '=', tierId).executeTakeFirst();
  return row ? tierView(row) : null;
}

/** Extension GET /tiers: the account's tiers, lowest position first. */
export async function listTiers(db: Db): Promise<Tier[]> {
  const rows = await db.selectFrom('tiers').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(tierView);
}
