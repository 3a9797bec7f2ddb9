import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a bearer token or device token; tokens are stored only as hashes. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new unguessable token (URL-safe, 32 random bytes). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

// 31 letters and digits without look-alikes (0/O, 1/I/L): about 4.95 random bits each.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A new unguessable code a person may read or type: `prefix` and `length` letters and digits
 * without look-alikes (gift card hashes: `GC-` and 12, about 59 random bits).
 */
export function newCode(prefix: string, length: number): string {
  let out = prefix;
  while (out.length < prefix.length + length) {
    // Rejection sampling keeps every letter equally likely.
    for (const byte of randomBytes(length * 2)) {
      if (out.length === prefix.length + length) break;
      if (byte < 256 - (256 % CODE_ALPHABET.length)) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return out;
}
