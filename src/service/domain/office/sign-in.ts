/*
 * Signing in to the office as a person (docs/office.md "Signing in"): an e-mail address and a
 * password (stored as an Argon2id hash) open an office session, whose secret lives only in an
 * httpOnly cookie (stored hashed) for OFFICE_SESSION_HOURS. Five wrong passwords in a row lock the
 * address for 15 minutes, counted in the database per address (known or not) so that every process
 * agrees and a lock tells nothing about who is staff. A password is set (and reset) by a one-time
 * link, e-mailed or printed by the command line.
 */
import { sql } from 'kysely';
import {
  INVITATION_HOURS,
  OFFICE_SESSION_HOURS,
  type OfficeMe,
  PASSWORD_RESET_MINUTES,
} from '../../../contract/office';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { OutgoingMail } from '../../mail/mailer';
import { brandKitOf } from '../account/brand-kit';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';
import type { OfficeActor } from './access';
import { recordAudit } from './audit';
import { hashSecret, verifySecret } from './passwords';

const MINUTE_MS = 60_000;
/** Wrong passwords in a row that lock an e-mail address. */
export const SIGN_IN_TRIES = 5;
/** How long a locked address stays locked (minutes); also how long wrong tries are remembered. */
export const SIGN_IN_LOCK_MINUTES = 15;

/** Runs work in one transaction (the app's `tx`). */
export type RunTx = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** Wrong e-mail or password (one answer for both): 1003, HTTP 401 (sign_in_failed). */
export function signInFailed(): ServiceError {
  return refusal('sign_in_failed', {
    en: 'This e-mail address and password do not match',
    nl: 'Dit e-mailadres en wachtwoord horen niet bij elkaar',
  });
}

/** Too many wrong passwords for the address: 1003, HTTP 429 (sign_in_locked) with Retry-After. */
export function signInLocked(retryAfterSeconds: number): ServiceError {
  return refusal(
    'sign_in_locked',
    {
      en: `Too many wrong passwords; try again in ${SIGN_IN_LOCK_MINUTES} minutes or reset your password`,
      nl: `Te vaak een verkeerd wachtwoord; probeer het over ${SIGN_IN_LOCK_MINUTES} minuten opnieuw of stel een nieuw wachtwoord in`,
    },
    { retryAfterSeconds },
  );
}

/** An unknown, used or expired reset link: 1003, HTTP 401 (reset_link_invalid). */
export function resetLinkInvalid(): ServiceError {
  return refusal('reset_link_invalid', {
    en: 'This link has expired or was used already; ask for a new one',
    nl: 'Deze link is verlopen of al gebruikt; vraag een nieuwe aan',
  });
}

/** The office page: `<origin of portalUrl>/office/`. */
export function officeUrl(portalUrl: string): string {
  return `${new URL(portalUrl).origin}/office/`;
}

/** The page's link that sets a password with `token`: `<origin>/office/?reset=<token>`. */
export function passwordResetUrl(portalUrl: string, token: string): string {
  return `${officeUrl(portalUrl)}?reset=${encodeURIComponent(token)}`;
}

/**
 * Counts one try for `email` before its password is checked, so that tries made at once count too
 * (one statement: every process agrees). Tries older than SIGN_IN_LOCK_MINUTES and an ended lock
 * start the count anew; the SIGN_IN_TRIES-th try locks the address (a right password then unlocks).
 * @returns the seconds the address stays locked when this try comes after the lock; 0 otherwise.
 */
async function countTry(tx: Tx, email: string): Promise<number> {
  const now = tx.now.getTime();
  const at = isoTimestamp(tx.now);
  const forgetBefore = isoTimestamp(new Date(now - SIGN_IN_LOCK_MINUTES * MINUTE_MS));
  const lockUntil = isoTimestamp(new Date(now + SIGN_IN_LOCK_MINUTES * MINUTE_MS));
  const stale = sql`((f.locked_until IS NULL AND f.updated_at <= ${forgetBefore}) OR f.locked_until <= ${at})`;
  const { rows } = await sql<{ failures: number; locked_until: string | null }>`
    INSERT INTO sign_in_failures AS f (email_hash, failures, locked_until, updated_at)
    VALUES (${hashToken(email)}, 1, ${SIGN_IN_TRIES <= 1 ? lockUntil : null}, ${at})
    ON CONFLICT (email_hash) DO UPDATE SET
      failures = CASE WHEN ${stale} THEN 1 ELSE f.failures + 1 END,
      locked_until = CASE WHEN ${stale} THEN NULL
        WHEN f.failures + 1 >= ${SIGN_IN_TRIES} THEN COALESCE(f.locked_until, ${lockUntil})
        ELSE NULL END,
      updated_at = ${at}
    RETURNING failures, locked_until`.execute(tx.db);
  const row = rows[0]!;
  if (Number(row.failures) <= SIGN_IN_TRIES || !row.locked_until) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.locked_until) - now) / 1000));
}

/**
 * Signs a staff member in by e-mail and password: one try counted for the address first, then the
 * password checked (against a stand-in hash for an unknown address, a removed person or one without
 * a password, in the same time), then an office session opened for OFFICE_SESSION_HOURS.
 * @returns the session's secret (for the cookie only; stored hashed) and the staff member's id.
 * @throws ServiceError 1003: HTTP 429 sign_in_locked (Retry-After) after SIGN_IN_TRIES wrong
 * passwords in a row; HTTP 401 sign_in_failed for a wrong password or an unknown address alike.
 */
export async function signIn(
  run: RunTx,
  db: Db,
  email: string,
  password: string,
): Promise<{ secret: string; staffId: number }> {
  const address = email.trim().toLowerCase();
  const lockedFor = await run((tx) => countTry(tx, address));
  if (lockedFor > 0) throw signInLocked(lockedFor);
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'password_hash'])
    .where('email', '=', address)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!(await verifySecret(staff?.password_hash, password)) || !staff) throw signInFailed();
  const secret = await run(async (tx) => {
    await tx.db.deleteFrom('sign_in_failures').where('email_hash', '=', hashToken(address)).execute();
    return openOfficeSession(tx, staff.id);
  });
  if (!secret) throw signInFailed();
  return { secret, staffId: staff.id };
}

/**
 * Opens an office session for a staff member who is not removed (their ended sessions go).
 * @returns its secret, or undefined when they are removed.
 */
async function openOfficeSession(tx: Tx, staffId: number): Promise<string | undefined> {
  const at = isoTimestamp(tx.now);
  const staff = await tx.db
    .selectFrom('staff')
    .select('id')
    .where('id', '=', staffId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!staff) return undefined;
  await tx.db
    .deleteFrom('office_sessions')
    .where('staff_id', '=', staffId)
    .where('expires_at', '<=', at)
    .execute();
  const secret = newSecret();
  await tx.db
    .insertInto('office_sessions')
    .values({
      secret_hash: hashToken(secret),
      staff_id: staffId,
      created_at: at,
      expires_at: isoTimestamp(new Date(tx.now.getTime() + OFFICE_SESSION_HOURS * 60 * MINUTE_MS)),
    })
    .execute();
  return secret;
}

/** Ends one office session (sign out). */
export async function endOfficeSession(tx: Tx, sessionId: number): Promise<void> {
  await tx.db.deleteFrom('office_sessions').where('id', '=', sessionId).execute();
}

/**
 * Ends every office session of a staff member and voids their unused reset links (sign out
 * everywhere; a new password; removal).
 */
export async function endStaffSessions(tx: Tx, staffId: number): Promise<void> {
  await tx.db.deleteFrom('office_sessions').where('staff_id', '=', staffId).execute();
  await tx.db
    .updateTable('password_resets')
    .set({ used_at: isoTimestamp(tx.now) })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
}

/** The signed-in staff member, the shops they run (by name) and the account's look (GET /me). */
export async function officeMe(db: Db, actor: OfficeActor): Promise<OfficeMe> {
  const staff = await db
    .selectFrom('staff')
    .select(['uuid', 'name', 'email', 'role'])
    .where('id', '=', actor.staffId)
    .executeTakeFirstOrThrow();
  const shops =
    actor.shopIds.length === 0
      ? []
      : await db
          .selectFrom('shops')
          .select(['uuid', 'name'])
          .where('id', 'in', actor.shopIds)
          .orderBy('name')
          .orderBy('id')
          .execute();
  const account = await db.selectFrom('account').select('name').executeTakeFirst();
  return { staff, shops, account: { name: account?.name ?? '', brand: await brandKitOf(db) } };
}

/**
 * Makes a one-time link that sets the password of a staff member, working once for `minutes`
 * (default PASSWORD_RESET_MINUTES); their links that ran out unused go.
 * @returns the link's token (stored hashed) and when it expires (ISO).
 */
export async function createPasswordReset(
  tx: Tx,
  staffId: number,
  minutes = PASSWORD_RESET_MINUTES,
): Promise<{ token: string; expiresAt: string }> {
  const at = isoTimestamp(tx.now);
  await tx.db
    .deleteFrom('password_resets')
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '<=', at)
    .execute();
  const token = newSecret();
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + minutes * MINUTE_MS));
  await tx.db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: at,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The e-mail with a link that sets a password: `invitation` for a new staff member, else a reset.
 * In English and Dutch (a staff member has no language of their own).
 */
async function passwordMail(
  tx: Tx,
  staff: { id: number; name: string; email: string },
  portalUrl: string,
  invitation: boolean,
): Promise<OutgoingMail> {
  // A new person may read their invitation days later; a reset is asked for now.
  const minutes = invitation ? INVITATION_HOURS * 60 : PASSWORD_RESET_MINUTES;
  const { token } = await createPasswordReset(tx, staff.id, minutes);
  const url = passwordResetUrl(portalUrl, token);
  const account = (await tx.db.selectFrom('account').select('name').executeTakeFirst())?.name ?? 'Portal';
  const days = INVITATION_HOURS / 24;
  const text = invitation
    ? `Hello ${staff.name},\n\nYou have been added to the office of ${account}. Open this link to set your password:\n${url}\n\n` +
      `The link works once, for ${days} days; after that, ask for a new one with "Forgot your password?".\n\n` +
      `Hallo ${staff.name},\n\nU bent toegevoegd aan het kantoor van ${account}. Open deze link om uw wachtwoord in te stellen:\n${url}\n\n` +
      `De link werkt één keer, ${days} dagen lang; vraag daarna een nieuwe aan met "Wachtwoord vergeten?".\n`
    : `Hello ${staff.name},\n\nOpen this link to set a new password for the office of ${account}:\n${url}\n\n` +
      `The link works once, for ${minutes} minutes. Did not ask for it? Then you can ignore this e-mail.\n\n` +
      `Hallo ${staff.name},\n\nOpen deze link om een nieuw wachtwoord in te stellen voor het kantoor van ${account}:\n${url}\n\n` +
      `De link werkt één keer, ${minutes} minuten lang. Niet aangevraagd? Dan kunt u deze e-mail negeren.\n`;
  const subject = invitation
    ? `${account}: set your office password / stel uw wachtwoord in`
    : `${account}: reset your office password / nieuw wachtwoord`;
  return { to: staff.email, fromName: account, subject, text };
}

/**
 * "Forgot your password?" (POST /office/api/password-reset-link): for the address of a staff member
 * who is not removed, a reset link in an e-mail; null for any other address, so that the caller
 * answers alike. The caller sends the mail after the transaction.
 */
export async function passwordResetMailByEmail(
  tx: Tx,
  email: string,
  portalUrl: string,
): Promise<OutgoingMail | null> {
  const staff = await tx.db
    .selectFrom('staff')
    .select(['id', 'name', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!staff?.email) return null;
  return passwordMail(tx, { id: staff.id, name: staff.name, email: staff.email }, portalUrl, false);
}

/** The invitation of a new staff member with an e-mail address: a link to set their password. */
export function invitationMail(
  tx: Tx,
  staff: { id: number; name: string; email: string },
  portalUrl: string,
): Promise<OutgoingMail> {
  return passwordMail(tx, staff, portalUrl, true);
}

/**
 * Sets a password with a reset (or invitation) link's token: the token is used up in the same
 * conditional statement that finds it (of two uses at once, one wins); every session of the person
 * ends, their other links are voided, their address unlocked, and a new session opens; the audit
 * log records `staff.password_set` (no secret). `password` is checked for length by the caller.
 * @returns the new session's secret (for the cookie) and the staff member's id.
 * @throws ServiceError 1003 (HTTP 401, reset_link_invalid) an unknown, used or expired token, or a
 * removed staff member's.
 */
export async function resetPassword(
  run: RunTx,
  db: Db,
  token: string,
  password: string,
  address: string | null,
): Promise<{ secret: string; staffId: number }> {
  const tokenHash = hashToken(token);
  // A cheap look first: a guessed token costs no hashing.
  const known = await db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!known) throw resetLinkInvalid();
  const passwordHash = await hashSecret(password);
  return run(async (tx) => {
    const at = isoTimestamp(tx.now);
    const used = await tx.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('staff_id')
      .executeTakeFirst();
    if (!used) throw resetLinkInvalid();
    const staff = await tx.db
      .selectFrom('staff')
      .select(['id', 'uuid', 'name', 'email', 'password_hash'])
      .where('id', '=', used.staff_id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!staff) throw resetLinkInvalid();
    await tx.db
      .updateTable('staff')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('id', '=', staff.id)
      .execute();
    await endStaffSessions(tx, staff.id);
    if (staff.email) {
      await tx.db.deleteFrom('sign_in_failures').where('email_hash', '=', hashToken(staff.email)).execute();
    }
    await recordAudit(
      tx,
      { staffId: staff.id, staffName: staff.name, deviceName: null, address },
      {
        action: 'staff.password_set',
        subjectType: 'staff',
        subjectUuid: staff.uuid,
        shopId: null,
        before: { has_password: staff.password_hash !== null },
        after: { has_password: true },
      },
    );
    const secret = await openOfficeSession(tx, staff.id);
    return { secret: secret!, staffId: staff.id };
  });
}
