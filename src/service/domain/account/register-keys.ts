import type { NewRegisterKey, RegisterKey } from '../../../contract/office';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { mayManageShop, type OfficeActor } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { announceRevocation, credentialHolder } from './credentials';
import { officeShopRow, shopClosed } from './office-shops';

/*
 * Register keys for POS integrators (docs/office.md "Register keys"): API keys bound to a shop, or
 * account-wide (the owner's). The token is shown once when made and kept only as its hash; a
 * revoked key is deleted and announced, so that its next request is refused and its event streams
 * end in every process.
 */

/** No such key for this actor (unknown, revoked, or of another shop): 1003, HTTP 404. */
export function registerKeyNotFound(): ServiceError {
  return refusal('register_key_not_found', {
    en: 'Register key not found',
    nl: 'Kassasleutel niet gevonden',
  });
}

interface KeyRow {
  uuid: string | null;
  name: string | null;
  shop_id: number | null;
  created_at: string | null;
  last_used_at: string | null;
  shop_uuid: string | null;
  shop_name: string | null;
  register_name: string | null;
  register_identifier: string | null;
}

function keysOf(db: Db) {
  return db
    .selectFrom('credentials as c')
    .leftJoin('shops as s', 's.id', 'c.shop_id')
    .leftJoin('registers as r', 'r.credential_token_hash', 'c.token_hash')
    .select([
      'c.uuid',
      'c.name',
      'c.shop_id',
      'c.created_at',
      'c.last_used_at',
      's.uuid as shop_uuid',
      's.name as shop_name',
      'r.name as register_name',
      'r.identifier as register_identifier',
    ])
    .where('c.kind', '=', 'api_key')
    .where('c.uuid', 'is not', null);
}

/** A key as the office lists it; one made without a name (the fixture's) is named by its register or shop. */
function keyView(row: KeyRow): RegisterKey {
  const shop = row.shop_uuid !== null ? { uuid: row.shop_uuid, name: row.shop_name ?? '' } : null;
  const name =
    row.name ??
    row.register_name ??
    (row.register_identifier ? `Register ${row.register_identifier}` : null) ??
    (shop ? `Key of ${shop.name}` : 'Account-wide key');
  return {
    uuid: row.uuid ?? '',
    name,
    shop,
    created_at: apiTimestamp(row.created_at),
    last_used_at: apiTimestamp(row.last_used_at),
  };
}

/**
 * Office GET /register-keys: the API keys the actor may manage — an owner every one, a manager
 * those bound to the shops they run (account-wide keys are the owner's) — newest first.
 */
export async function listRegisterKeys(db: Db, actor: OfficeActor): Promise<RegisterKey[]> {
  let query = keysOf(db);
  if (actor.role !== 'owner') {
    if (actor.shopIds.length === 0) return [];
    query = query.where('c.shop_id', 'in', actor.shopIds);
  }
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.uuid').execute();
  return rows.map(keyView);
}

/**
 * Office POST /register-keys: a new API key bound to shop `shopUuid` (null: account-wide, owner
 * only), answered with its token this once; stored as the token's hash. `register_key.created`
 * (never the token).
 * @throws ServiceError office_not_allowed (403) for a manager naming an account-wide key or a shop
 * they do not run; 1008 (404) for no such shop; shop_closed (409) for a closed one.
 */
export async function createRegisterKey(
  tx: Tx,
  actor: OfficeActor,
  input: { name: string; shop_uuid: string | null },
): Promise<NewRegisterKey> {
  let shop: { id: number; uuid: string; name: string } | null = null;
  if (input.shop_uuid === null) {
    if (!mayManageShop(actor, null)) throw refusalForAccountWide();
  } else {
    const row = await officeShopRow(tx.db, actor, input.shop_uuid);
    if (row.closed_at !== null) throw shopClosed();
    shop = row;
  }
  const token = newSecret();
  const uuid = newUuid();
  const createdAt = isoTimestamp(tx.now);
  await tx.db
    .insertInto('credentials')
    .values({
      token_hash: hashToken(token),
      kind: 'api_key',
      shop_id: shop?.id ?? null,
      expires_at: null,
      oauth_client_id: null,
      uuid,
      name: input.name,
      created_at: createdAt,
      last_used_at: null,
    })
    .execute();
  const key: RegisterKey = {
    uuid,
    name: input.name,
    shop: shop ? { uuid: shop.uuid, name: shop.name } : null,
    created_at: apiTimestamp(createdAt),
    last_used_at: null,
  };
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'register_key.created',
    subjectType: 'register_key',
    subjectUuid: uuid,
    shopId: shop?.id ?? null,
    before: null,
    after: { name: key.name, shop: key.shop },
  });
  return { key, token };
}

// A manager may not make or see account-wide keys: the owner's.
function refusalForAccountWide(): ServiceError {
  return refusal('office_not_allowed', {
    en: 'Only the owner makes account-wide keys',
    nl: 'Alleen de eigenaar maakt sleutels voor het hele account',
  });
}

/**
 * Office POST /register-keys/{uuid}/revoke: the key is deleted at once and announced (its next
 * request is refused, its event streams end, every process forgets it); `register_key.revoked`.
 * @throws ServiceError register_key_not_found (404) for no such key, or one a manager may not
 * manage (another shop's, or account-wide).
 */
export async function revokeRegisterKey(tx: Tx, actor: OfficeActor, uuid: string): Promise<void> {
  const row = await tx.db
    .selectFrom('credentials')
    .select(['token_hash', 'shop_id'])
    .where('uuid', '=', uuid)
    .where('kind', '=', 'api_key')
    .executeTakeFirst();
  if (!row || !mayManageShop(actor, row.shop_id)) throw registerKeyNotFound();
  const view = await keysOf(tx.db).where('c.uuid', '=', uuid).executeTakeFirstOrThrow();
  await tx.db.deleteFrom('credentials').where('token_hash', '=', row.token_hash).execute();
  announceRevocation(tx, credentialHolder(row.token_hash));
  const key = keyView(view);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'register_key.revoked',
    subjectType: 'register_key',
    subjectUuid: uuid,
    shopId: row.shop_id,
    before: { name: key.name, shop: key.shop },
    after: null,
  });
}

/** Notes that a request came with API key `tokenHash` at `at` (the auth plugin: at most once a minute). */
export async function markKeyUsed(tx: Tx, tokenHash: string): Promise<void> {
  await tx.db
    .updateTable('credentials')
    .set({ last_used_at: isoTimestamp(tx.now) })
    .where('token_hash', '=', tokenHash)
    .execute();
}
