import type { Register } from '../../../contract/public/registers';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../shared/actor';
import { refusal } from '../shared/errors';
import { newCode } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';
import { shopById, shopView } from './shops';

/**
 * The register of an API key bound to a shop (extension GET /api/v3/register, the PHP SDK's
 * `registers->get()`), made the first time the key asks (`REG-` and 8 letters/digits as its
 * identifier); concurrent first calls make one.
 * @param credentialHash the key's hash (domain/shared/tokens.ts hashToken).
 * @throws ServiceError 1003 (reason register_key_required) for a key bound to no shop.
 */
export async function registerOf(tx: Tx, actor: Actor, credentialHash: string): Promise<Register> {
  if (actor.kind !== 'api_key' || actor.shopId === null) {
    throw refusal('register_key_required', 'This API key is bound to no shop, so it has no register');
  }
  await tx.db
    .insertInto('registers')
    .values({
      credential_token_hash: credentialHash,
      identifier: newCode('REG-', 8),
      name: null,
      shop_id: actor.shopId,
      created_at: isoTimestamp(tx.now),
    })
    .onConflict((oc) => oc.column('credential_token_hash').doNothing())
    .execute();
  const row = await tx.db
    .selectFrom('registers')
    .selectAll()
    .where('credential_token_hash', '=', credentialHash)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    shop: shopView(await shopById(tx.db, row.shop_id)),
  };
}
