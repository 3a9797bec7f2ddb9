import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a bearer token or device token; tokens are stored only as hashes. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new unguessable token (URL-safe, 32 random bytes). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
