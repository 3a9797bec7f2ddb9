import type { Db } from '../../db/schema';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';
import type { OfficeActor } from './access';

/** Signed out (no cookie, or a signed-out, expired or removed one): error 1003, HTTP 401. */
export function officeSignedOut(): ServiceError {
  return refusal('office_signed_out', {
    en: 'You are signed out; sign in again',
    nl: 'U bent afgemeld; meld u opnieuw aan',
  });
}

/**
 * The staff member of an office session secret (the cookie): only while the session lasts and the
 * staff member is not removed; their shops read anew (every shop for an owner). Undefined otherwise.
 * Read on every request, so a removed person or a changed role counts at the next call.
 */
export async function officeActorBySecret(
  db: Db,
  secret: string,
  now: Date,
  address: string | null,
): Promise<OfficeActor | undefined> {
  const row = await db
    .selectFrom('office_sessions as s')
    .innerJoin('staff as p', 'p.id', 's.staff_id')
    .select(['s.id as session_id', 'p.id', 'p.uuid', 'p.name', 'p.role'])
    .where('s.secret_hash', '=', hashToken(secret))
    .where('s.expires_at', '>', isoTimestamp(now))
    .where('p.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    staffId: row.id,
    uuid: row.uuid,
    name: row.name,
    role: row.role,
    shopIds: await staffShopIds(db, row.id, row.role),
    sessionId: row.session_id,
    address,
  };
}

/** The ids of the shops a staff member works in: every open or closed shop for an owner. */
export async function staffShopIds(db: Db, staffId: number, role: OfficeActor['role']): Promise<number[]> {
  if (role === 'owner') return (await db.selectFrom('shops').select('id').execute()).map((s) => s.id);
  const rows = await db.selectFrom('staff_shops').select('shop_id').where('staff_id', '=', staffId).execute();
  return rows.map((r) => r.shop_id);
}
