import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../shared/actor';

/*
 * The credentials a caller presents (spec "Authentication"): API keys, access tokens and personal
 * access tokens, stored by their token's hash. Revoking any credential — a fixture that no longer
 * lists it, a console unpaired — is announced on REVOKED_TOPIC, so that every process forgets it
 * and ends the event streams opened with it (docs/operations.md "Revocation").
 */

/** The topic of revocations (payload: Revocation, or none when credentials changed in general). */
export const REVOKED_TOPIC = 'credentials-revoked';

/** One revoked credential, named as its event streams hold it (see the holder functions below). */
export interface Revocation {
  holder: string;
}

/** The holder name of streams opened with a bearer token (by its hash). */
export const credentialHolder = (tokenHash: string) => `credential:${tokenHash}`;
/** The holder name of a standby screen's stream (by its device token's hash). */
export const deviceHolder = (tokenHash: string) => `device:${tokenHash}`;
/** The holder name of a cashier console session's streams. */
export const cashierSessionHolder = (sessionId: number) => `cashier-session:${sessionId}`;

/**
 * Announces, after `tx` commits, that `holder` is revoked (its streams end at once), or without a
 * holder that credentials changed (every process clears its credential cache and every stream
 * checks its credential).
 */
export function announceRevocation(tx: Tx, holder?: string): void {
  tx.publish(REVOKED_TOPIC, holder === undefined ? {} : ({ holder } satisfies Revocation));
}

/** A stored bearer credential: who it acts as, and when it expires (ms since the epoch; null: never). */
export interface StoredCredential {
  actor: Actor;
  expiresAt: number | null;
}

/** The credential stored for a token hash, or undefined (unknown or revoked). */
export async function credentialByHash(db: Db, tokenHash: string): Promise<StoredCredential | undefined> {
  const row = await db
    .selectFrom('credentials')
    .select(['kind', 'shop_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    actor: { kind: row.kind, shopId: row.shop_id },
    expiresAt: row.expires_at ? Date.parse(row.expires_at) : null,
  };
}

/** Whether a bearer credential is still stored and unexpired at `now`. */
export async function credentialIsValid(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const credential = await credentialByHash(db, tokenHash);
  return credential !== undefined && (credential.expiresAt === null || credential.expiresAt > now.getTime());
}
