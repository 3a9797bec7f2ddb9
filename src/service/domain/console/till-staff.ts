import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { ConsoleActor, PairedDevice } from '../devices/consoles';
import { type AuditBy, recordAudit } from '../office/audit';
import { refusal, type ServiceError } from '../shared/errors';
import { newSecret } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';

/*
 * Staff at the till (docs/cashier-console.md "Who is at the till"): on a paired console a person of
 * the shop picks their name and types their 4-digit passcode; the console session then acts for
 * them until they sign out or another person signs in. A shop with till staff needs a person at
 * the till for every change a console makes; a shop without works on the device alone.
 */

/** Wrong passcodes in a row that lock a person at every till, and for how long. */
export const PASSCODE_TRIES = 5;
export const PASSCODE_LOCK_MINUTES = 15;
/** Passcode sign-ins a minute one console device may try, whoever it names. */
export const PASSCODE_RATE_LIMIT = 10;

/** The person signed in at a console's till. */
export interface TillPerson {
  id: number;
  uuid: string;
  name: string;
}

// Argon2id, OWASP's minimum (19 MiB, 2 passes); verify reads the parameters from the hash.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The Argon2id hash of a till passcode (`staff.passcode_hash`). */
export function hashPasscode(passcode: string): Promise<string> {
  return hash(passcode, ARGON2);
}

let decoy: Promise<string> | undefined;
/** A hash no passcode matches: verified for an unknown person, so that they take as long. */
function decoyHash(): Promise<string> {
  decoy ??= hash(newSecret(), ARGON2);
  return decoy;
}

/**
 * The staff who may work the till of shop `shopId`: not removed, with a passcode, and an owner or a
 * cashier or manager working at that shop.
 */
function tillStaffQuery(db: Db, shopId: number) {
  return db
    .selectFrom('staff as p')
    .where('p.removed_at', 'is', null)
    .where('p.passcode_hash', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('p.role', '=', 'owner'),
        eb.exists(
          eb
            .selectFrom('staff_shops as w')
            .select('w.staff_id')
            .whereRef('w.staff_id', '=', 'p.id')
            .where('w.shop_id', '=', shopId),
        ),
      ]),
    );
}

/** The till staff of shop `shopId` (contract/cashier.ts TillStaff), by name. */
export async function tillStaffOfShop(db: Db, shopId: number): Promise<{ uuid: string; name: string }[]> {
  return tillStaffQuery(db, shopId).select(['p.uuid', 'p.name']).orderBy('p.name').orderBy('p.id').execute();
}

/** Whether shop `shopId` has till staff (then its consoles' changes need a person at the till). */
export async function shopHasTillStaff(db: Db, shopId: number): Promise<boolean> {
  const row = await tillStaffQuery(db, shopId).select('p.id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The person `staffId` as signed in at a till of shop `shopId`, while they may still work it;
 * undefined once removed, moved to other shops or without a passcode (their till sign-in ends).
 */
export async function tillPerson(db: Db, shopId: number, staffId: number): Promise<TillPerson | undefined> {
  return tillStaffQuery(db, shopId)
    .select(['p.id', 'p.uuid', 'p.name'])
    .where('p.id', '=', staffId)
    .executeTakeFirst();
}

/** The AuditBy of a console call: the person at its till (if any), the device's name, the address. */
export function consoleAuditBy(actor: ConsoleActor): AuditBy {
  return {
    staffId: actor.staff?.id ?? null,
    staffName: actor.staff?.name ?? null,
    deviceName: actor.deviceName,
    address: actor.address,
  };
}

/** A change refused at a till with nobody signed in: error 1003, HTTP 403 (staff_sign_in_required). */
export function signInRequired(): ServiceError {
  return refusal('staff_sign_in_required', {
    en: 'Sign in at the till first: pick your name and type your passcode',
    nl: 'Meld u eerst aan bij de kassa: kies uw naam en typ uw toegangscode',
  });
}

/**
 * The rule of every change a console makes (start, cancel, purchase, payment received): when its
 * shop has till staff, a person must be signed in at the till.
 * @throws ServiceError staff_sign_in_required (403).
 */
export async function requirePersonAtTill(db: Db, actor: ConsoleActor): Promise<void> {
  if (actor.staff === null && (await shopHasTillStaff(db, actor.shopId))) throw signInRequired();
}

/** One answer for a wrong passcode and for a person unknown at this till: error 1003, HTTP 401. */
function passcodeWrong(): ServiceError {
  return refusal('passcode_wrong', {
    en: 'That name and passcode do not match',
    nl: 'Die naam en toegangscode horen niet bij elkaar',
  });
}

/** Locked after PASSCODE_TRIES wrong passcodes: error 1003, HTTP 429 with Retry-After. */
function passcodeLocked(retryAfterSeconds: number): ServiceError {
  return refusal(
    'passcode_locked',
    {
      en: `Too many wrong passcodes: try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`,
      nl: `Te vaak een verkeerde toegangscode: probeer het over ${Math.ceil(retryAfterSeconds / 60)} minuten opnieuw`,
    },
    { retryAfterSeconds },
  );
}

type Try =
  | { kind: 'unknown' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'counted'; person: TillPerson; passcodeHash: string };

/**
 * Counts a passcode try for the person before it is checked, so that tries made at once are
 * counted as well: the PASSCODE_TRIES-th in a row locks them for PASSCODE_LOCK_MINUTES (a right
 * passcode then lifts it); a lock run out starts the count anew.
 */
async function countTry(tx: Tx, shopId: number, staffUuid: string): Promise<Try> {
  const found = await tillStaffQuery(tx.db, shopId)
    .select(['p.id', 'p.uuid', 'p.name'])
    .where('p.uuid', '=', staffUuid)
    .executeTakeFirst();
  if (!found) return { kind: 'unknown' };
  await tx.lock('staff', found.id);
  const row = await tx.db
    .selectFrom('staff')
    .select(['passcode_hash', 'failed_passcodes', 'passcode_locked_until'])
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
  const now = tx.now.getTime();
  const lockedUntil = row.passcode_locked_until === null ? null : Date.parse(row.passcode_locked_until);
  if (lockedUntil !== null && lockedUntil > now) {
    return { kind: 'locked', retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) };
  }
  const failed = (lockedUntil === null ? row.failed_passcodes : 0) + 1;
  await tx.db
    .updateTable('staff')
    .set({
      failed_passcodes: failed,
      passcode_locked_until:
        failed >= PASSCODE_TRIES ? isoTimestamp(new Date(now + PASSCODE_LOCK_MINUTES * 60_000)) : null,
    })
    .where('id', '=', found.id)
    .execute();
  return { kind: 'counted', person: found, passcodeHash: row.passcode_hash ?? '' };
}

/**
 * Signs a person in at the device's till with their passcode (Argon2id): the console session acts
 * for them from now on. Each try counts before it is checked (in its own unit of work, so a
 * refusal keeps it counted); the hash is checked outside any transaction; a right passcode clears
 * the count. Records `staff.till_signed_in` in the audit log.
 * `run`: runs a unit of work (app.tx).
 * @throws ServiceError passcode_wrong (401) a wrong passcode, or a person unknown, removed or not of
 *   this shop (the same answer, in about the same time); passcode_locked (429, Retry-After).
 */
export async function signInAtTill(
  run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  actor: ConsoleActor,
  device: PairedDevice,
  input: { staff_uuid: string; passcode: string },
): Promise<TillPerson> {
  const tried = await run((tx) => countTry(tx, actor.shopId, input.staff_uuid));
  if (tried.kind === 'locked') throw passcodeLocked(tried.retryAfterSeconds);
  const hashed = tried.kind === 'counted' ? tried.passcodeHash : await decoyHash();
  const right = await verify(hashed, input.passcode).catch(() => false);
  if (tried.kind !== 'counted' || !right) throw passcodeWrong();
  const person = tried.person;
  return run(async (tx) => {
    // Removed or moved while the passcode was checked: as unknown.
    if (!(await tillPerson(tx.db, actor.shopId, person.id))) throw passcodeWrong();
    await tx.db
      .updateTable('staff')
      .set({ failed_passcodes: 0, passcode_locked_until: null })
      .where('id', '=', person.id)
      .execute();
    await tx.db
      .updateTable('cashier_device_sessions')
      .set({ staff_id: person.id })
      .where('id', '=', device.sessionId)
      .execute();
    await recordAudit(tx, consoleAuditBy({ ...actor, staff: person }), {
      action: 'staff.till_signed_in',
      subjectType: 'staff',
      subjectUuid: person.uuid,
      shopId: actor.shopId,
      before: { at_till: actor.staff?.uuid ?? null },
      after: { at_till: person.uuid },
    });
    return person;
  });
}

/**
 * Hands the till over: nobody is signed in at the device's console session any more. Records
 * `staff.till_signed_out` when someone was.
 */
export async function signOutAtTill(tx: Tx, actor: ConsoleActor, device: PairedDevice): Promise<void> {
  await tx.db
    .updateTable('cashier_device_sessions')
    .set({ staff_id: null })
    .where('id', '=', device.sessionId)
    .execute();
  if (actor.staff === null) return;
  await recordAudit(tx, consoleAuditBy(actor), {
    action: 'staff.till_signed_out',
    subjectType: 'staff',
    subjectUuid: actor.staff.uuid,
    shopId: actor.shopId,
    before: { at_till: actor.staff.uuid },
    after: { at_till: null },
  });
}
