import type { ContactSessionToken } from '../../../contract/public/contact-session-tokens';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { refusal } from '../shared/errors';
import { newSecret } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';

// The spec lists no code for an unknown token: 1003 with HTTP 404 (reason contact_session_token_not_found).
const TOKEN_NOT_FOUND = 'Contact session token not found';
const TOKEN_USED = 'Contact session token already used';

/**
 * Spec "Contact Session Token": `{token, contact: {uuid, email}, status: active | used}`.
 * @throws ServiceError 1003 (HTTP 404, reason contact_session_token_not_found) for an unknown token.
 */
export async function contactSessionTokenView(db: Db, token: string): Promise<ContactSessionToken> {
  const row = await db
    .selectFrom('contact_session_tokens')
    .innerJoin('contacts', 'contacts.id', 'contact_session_tokens.contact_id')
    .select(['contact_session_tokens.status', 'contacts.uuid', 'contacts.email'])
    .where('contact_session_tokens.token', '=', token)
    .executeTakeFirst();
  if (!row) throw refusal('contact_session_token_not_found', TOKEN_NOT_FOUND);
  return { token, contact: { uuid: row.uuid, email: row.email }, status: row.status };
}

/**
 * Makes a new contact session token for a contact: an app code the kiosk takes once, scanned or
 * typed; `expiresAt` ends it unused (null: never). Shared by the verified-code auth token of the
 * public API and the app code of /me/.
 * @returns the token (random, URL-safe).
 */
export async function issueContactSessionToken(
  tx: Tx,
  contactId: number,
  expiresAt: Date | null,
): Promise<string> {
  const token = newSecret();
  // The contact's codes that ran out unused say nothing: they go, so that rotating codes do not pile up.
  await tx.db
    .deleteFrom('contact_session_tokens')
    .where('contact_id', '=', contactId)
    .where('status', '=', 'active')
    .where('expires_at', '<=', isoTimestamp(tx.now))
    .execute();
  await tx.db
    .insertInto('contact_session_tokens')
    .values({
      token,
      contact_id: contactId,
      status: 'active',
      created_at: isoTimestamp(tx.now),
      used_at: null,
      expires_at: expiresAt === null ? null : isoTimestamp(expiresAt),
    })
    .execute();
  return token;
}

/**
 * Uses a contact session token once (state table: active → used; later attempts are refused), while
 * it has not expired. Atomic: of two concurrent uses exactly one succeeds.
 * @returns the id of the token's contact.
 * @throws ServiceError 1003 with reason contact_session_token_not_found (HTTP 404) or
 *   contact_session_token_used (HTTP 422, used before, or expired unused).
 */
export async function useContactSessionToken(tx: Tx, token: string): Promise<number> {
  const used = await tx.db
    .updateTable('contact_session_tokens')
    .set({ status: 'used', used_at: isoTimestamp(tx.now) })
    .where('token', '=', token)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', isoTimestamp(tx.now))]))
    .returning('contact_id')
    .executeTakeFirst();
  if (used) return used.contact_id;
  const exists = await tx.db
    .selectFrom('contact_session_tokens')
    .select('token')
    .where('token', '=', token)
    .executeTakeFirst();
  throw exists
    ? refusal('contact_session_token_used', TOKEN_USED)
    : refusal('contact_session_token_not_found', TOKEN_NOT_FOUND);
}
