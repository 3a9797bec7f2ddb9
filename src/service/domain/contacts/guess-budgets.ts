/*
 * Guessing has a budget per person, not per code (docs/trust-model.md "Guessing has a budget"): a
 * six-digit code takes five tries, but a new one can be asked for, so a contact takes
 * WRONG_CODES_PER_CONTACT wrong codes an hour in all — the counter's, the public API's and /me/'s
 * deletion codes, across resends and sessions — and a client address WRONG_CODES_PER_ADDRESS,
 * whoever it guesses for. Card numbers typed on /me/ have a budget of their own, alike. A try is
 * counted before it is checked (in a transaction of its own, so that its refusal keeps it counted)
 * and given back when it was right. Kept in the table guess_budgets: every process counts against
 * the same budget, on SQLite and PostgreSQL alike; the window is an hour from the first wrong try.
 */
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';

/** Wrong six-digit codes a contact may send in an hour, across codes, resends and sessions. */
export const WRONG_CODES_PER_CONTACT = 10;
/** Wrong six-digit codes a client address may send in an hour, for any contacts. */
export const WRONG_CODES_PER_ADDRESS = 30;
/** Card numbers that could not be added, per contact in an hour (/me/ "add a card"). */
export const WRONG_CARDS_PER_CONTACT = 10;
/** Card numbers that could not be added, per client address in an hour. */
export const WRONG_CARDS_PER_ADDRESS = 30;
/** Device pairing codes (office "Devices") a client address may get wrong in an hour. */
export const WRONG_PAIRING_CODES_PER_ADDRESS = 20;
/** How long a budget's window lasts (ms), from its first wrong guess. */
export const GUESS_WINDOW_MS = 60 * 60_000;

/**
 * What is guessed: a six-digit code sent by e-mail, a card number typed on /me/, or a device's
 * pairing code (typed on a tablet or console: an address budget only, no contact is guessed for).
 */
export type GuessKind = 'code' | 'card' | 'pairing';

/**
 * Who guesses: the contact guessed for (null: none, a pairing code), and the client address the
 * guess came from (null: unknown).
 */
export interface Guesser {
  contactId: number | null;
  clientAddress: string | null;
}

const LIMITS: Record<GuessKind, { contact: number; address: number }> = {
  code: { contact: WRONG_CODES_PER_CONTACT, address: WRONG_CODES_PER_ADDRESS },
  card: { contact: WRONG_CARDS_PER_CONTACT, address: WRONG_CARDS_PER_ADDRESS },
  pairing: { contact: 0, address: WRONG_PAIRING_CODES_PER_ADDRESS },
};

interface Budget {
  subject: string;
  max: number;
}

// The contact's budget first, then the address's (hashed: the table keeps no address).
function budgetsOf(kind: GuessKind, guesser: Guesser): Budget[] {
  const limits = LIMITS[kind];
  return [
    ...(guesser.contactId === null
      ? []
      : [{ subject: `${kind}:contact:${guesser.contactId}`, max: limits.contact }]),
    ...(guesser.clientAddress === null
      ? []
      : [{ subject: `${kind}:address:${hashToken(guesser.clientAddress)}`, max: limits.address }]),
  ];
}

/**
 * The refusal of a spent budget: 1003 (HTTP 429, reason too_many_wrong_codes) with the wait in
 * whole minutes in the message (English and Dutch) and `retryAfterSeconds` for Retry-After.
 */
export function tooManyWrongGuesses(kind: GuessKind, retryAfterSeconds: number): ServiceError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const en = `try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const nl = `probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw`;
  return refusal(
    'too_many_wrong_codes',
    kind === 'code'
      ? { en: `Too many wrong codes; ${en}`, nl: `Te veel verkeerde codes; ${nl}` }
      : kind === 'pairing'
        ? { en: `Too many wrong pairing codes; ${en}`, nl: `Te veel verkeerde koppelcodes; ${nl}` }
        : {
            en: `Too many card numbers that could not be added; ${en}`,
            nl: `Te veel kaartnummers die niet konden worden toegevoegd; ${nl}`,
          },
    { retryAfterSeconds },
  );
}

// Seconds until the window of a spent budget ends (at least 1).
async function secondsLeft(db: Db, subject: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('guess_budgets')
    .select('window_ends_at')
    .where('subject', '=', subject)
    .executeTakeFirst();
  const endsAt = row ? Date.parse(row.window_ends_at) : now.getTime() + GUESS_WINDOW_MS;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/**
 * Counts one guess against the guesser's budgets (the contact's, then the client address's), before
 * it is checked: one conditional upsert each, which starts a new window once the last one ended and
 * counts nothing once the budget is spent. Run it in a transaction of its own: a refusal rolls back
 * what it counted, a wrong guess's refusal later keeps it.
 * @throws ServiceError 1003 (HTTP 429, reason too_many_wrong_codes, Retry-After) a spent budget.
 */
export async function spendGuess(tx: Tx, kind: GuessKind, guesser: Guesser): Promise<void> {
  const now = isoTimestamp(tx.now);
  const windowEnd = isoTimestamp(new Date(tx.now.getTime() + GUESS_WINDOW_MS));
  // Windows that ended say nothing any more.
  await tx.db.deleteFrom('guess_budgets').where('window_ends_at', '<=', now).execute();
  for (const { subject, max } of budgetsOf(kind, guesser)) {
    const counted = await tx.db
      .insertInto('guess_budgets')
      .values({ subject, failures: 1, window_ends_at: windowEnd })
      .onConflict((oc) =>
        oc
          .column('subject')
          .doUpdateSet((eb) => ({ failures: eb('guess_budgets.failures', '+', 1) }))
          .where('guess_budgets.failures', '<', max),
      )
      .returning('failures')
      .executeTakeFirst();
    if (!counted) throw tooManyWrongGuesses(kind, await secondsLeft(tx.db, subject, tx.now));
  }
}

/** Gives back a guess counted by spendGuess that turned out right: a right guess costs nothing. */
export async function refundGuess(tx: Tx, kind: GuessKind, guesser: Guesser): Promise<void> {
  await tx.db
    .updateTable('guess_budgets')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where(
      'subject',
      'in',
      budgetsOf(kind, guesser).map((b) => b.subject),
    )
    .where('failures', '>', 0)
    .execute();
}

/**
 * Whether the contact's own budget of `kind` is spent at `now` (the counter says so: no more codes
 * here); the seconds until it is not, else null.
 */
export async function contactGuessesSpent(
  db: Db,
  kind: GuessKind,
  contactId: number,
  now: Date,
): Promise<number | null> {
  const [budget] = budgetsOf(kind, { contactId, clientAddress: null });
  const row = await db
    .selectFrom('guess_budgets')
    .select(['failures', 'window_ends_at'])
    .where('subject', '=', budget!.subject)
    .where('window_ends_at', '>', isoTimestamp(now))
    .executeTakeFirst();
  if (!row || Number(row.failures) < budget!.max) return null;
  return Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
}

/**
 * Refuses a new code for a contact whose budget of wrong codes is spent: it could not be tried.
 * @throws ServiceError 1003 (HTTP 429, reason too_many_wrong_codes, Retry-After).
 */
export async function assertCodesLeft(db: Db, contactId: number, now: Date): Promise<void> {
  const wait = await contactGuessesSpent(db, 'code', contactId, now);
  if (wait !== null) throw tooManyWrongGuesses('code', wait);
}
