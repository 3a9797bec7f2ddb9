import type { ContactSessionToken } from '../../contract/public/contact-session-tokens';
import type { Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import { ServiceError } from './errors';
import { isoTimestamp } from './values';

/** Detail of the 1003 raised for an unknown token (the spec lists no code; the public API answers 404). */
export const TOKEN_NOT_FOUND = 'Contact session token not found';
/** Detail of the 1003 raised for a token that was used before. */
export const TOKEN_USED = 'Contact session token already used';

/**
 * Spec "Contact Session Token": `{token, contact: {uuid, email}, status: active | used}`.
 * @throws ServiceError 1003 (TOKEN_NOT_FOUND) for an unknown token.
 */
export async function contactSessionTokenView(db: Db, token: string): Promise<ContactSessionToken> {
  const row = await db
    .selectFrom('contact_session_tokens')
    .innerJoin('contacts', 'contacts.id', 'contact_session_tokens.contact_id')
    .select(['contact_session_tokens.status', 'contacts.uuid', 'contacts.email'])
    .where('contact_session_tokens.token', '=', token)
    .executeTakeFirst();
  if (!row) throw new ServiceError(1003, undefined, TOKEN_NOT_FOUND);
  return { token, contact: { uuid: row.uuid, email: row.email }, status: row.status };
}

/**
 * Uses a contact session token once (state table: active → used; later attempts are refused).
 * Atomic: of two concurrent uses exactly one succeeds.
 * @returns the id of the token's contact.
 * @throws ServiceError 1003 with detail TOKEN_NOT_FOUND (unknown) or TOKEN_USED (used before).
 */
export async function useContactSessionToken(tx: Tx, token: string): Promise<number> {
  const used = await tx.db
    .updateTable('contact_session_tokens')
    .set({ status: 'used', used_at: isoTimestamp(tx.now) })
    .where('token', '=', token)
    .where('status', '=', 'active')
    .returning('contact_id')
    .executeTakeFirst();
  if (used) return used.contact_id;
  const exists = await tx.db
    .selectFrom('contact_session_tokens')
    .select('token')
    .where('token', '=', token)
    .executeTakeFirst();
  throw new ServiceError(1003, undefined, exists ? TOKEN_USED : TOKEN_NOT_FOUND);
}
