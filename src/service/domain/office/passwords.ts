import { type Algorithm, hash, verify } from '@node-rs/argon2';

/*
 * Office passwords and till passcodes are stored only as Argon2id hashes (docs/office.md "Signing
 * in"), with OWASP's minimum parameters: 19 MiB of memory, 2 passes, one lane (about 20-40 ms).
 */
const OPTIONS = {
  // Algorithm.Argon2id (a const enum the compiler cannot inline across modules).
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The Argon2id hash of a password or passcode (PHC string, salt included). */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Whether `secret` matches `hashed`. Without a hash (an unknown e-mail, no password set) it checks
 * against a hash of nothing anyone knows and answers false, in the time a real check takes, so that
 * the answer's time tells nothing.
 */
export async function verifySecret(hashed: string | null | undefined, secret: string): Promise<boolean> {
  if (!hashed) {
    dummy ??= hashSecret(`no password ${Math.random()}`);
    await verify(await dummy, secret).catch(() => false);
    return false;
  }
  return verify(hashed, secret).catch(() => false);
}
