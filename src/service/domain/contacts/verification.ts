/*
 * Proof that a customer is who their e-mail address says (docs/trust-model.md "Proof before
 * spending"): a six-digit code sent to the address, valid 10 minutes. At the counter a portal
 * session takes five tries and sends three codes at most; the public API (the real platform's
 * ContactVerificationResource) takes five tries per code and gives, for a verified code, one auth
 * token: an app code of the contact's, usable once. One code store for both; codes are stored hashed.
 * Wrong codes also spend the contact's and the client address's budget of the hour, across codes
 * and resends (contacts/guess-budgets.ts): once it is spent, no code is checked or sent.
 */
import { randomInt } from 'node:crypto';
import type { ContactProof } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { OutgoingMail } from '../../mail/mailer';
import { maskEmail } from '../portal-sessions/counter-view';
import { recordEvent } from '../portal-sessions/events';
import { type PortalSessionRow, requireContact } from '../portal-sessions/guards';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken } from '../shared/tokens';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { type ContactRow, contactByEmail, contactById, contactByUuid } from './contacts';
import { assertCodesLeft, contactGuessesSpent, refundGuess, spendGuess } from './guess-budgets';
import { issueContactSessionToken } from './session-tokens';

/** How long a code works (ms). */
export const CODE_TTL_MS = 10 * 60_000;
/** Tries per portal session, and per code asked for through the public API. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one portal session sends at most. */
export const MAX_SESSION_CODES = 3;

/** A code to deliver: the e-mail that carries it, and the code itself (for the log without a mail server). */
export interface CodeDelivery {
  mail: OutgoingMail;
  code: string;
  /** The address as the counter shows it. */
  sentTo: string;
}

const codeHash = (contactId: number, code: string) => hashToken(`${contactId}:${code}`);

const field = (message: string) => ({ fields: { code: [message] } });
const wrongCode = () =>
  refusal(
    'verification_code_wrong',
    { en: 'That is not the code we sent', nl: 'Dat is niet de code die we stuurden' },
    field('The code is not the one we sent.'),
  );
const expiredCode = () =>
  refusal(
    'verification_code_expired',
    { en: 'The code has expired; ask for a new one', nl: 'De code is verlopen; vraag een nieuwe aan' },
    field('The code has expired, or none was sent.'),
  );
const locked = (): ServiceError =>
  refusal('verification_locked', {
    en: 'No more codes can be tried here; please ask at the till',
    nl: 'Hier kunnen geen codes meer worden geprobeerd; vraag het aan de kassa',
  });

/** What a code proves: that it is them (counter, public API), or that they want their account deleted. */
export type CodePurpose = 'proof' | 'deletion';

// The e-mail in the contact's language (Dutch, else English).
function codeMail(
  contact: ContactRow,
  accountName: string,
  code: string,
  purpose: CodePurpose,
): OutgoingMail {
  const name = contact.firstname?.trim();
  if (purpose === 'deletion') {
    const deletion =
      contact.locale === 'nl'
        ? {
            subject: `Uw account bij ${accountName} verwijderen`,
            text:
              `${name ? `Hallo ${name},` : 'Hallo,'}\n\nUw code: ${code}\n\n` +
              'Typ hem op uw accountpagina om uw account te verwijderen; uw gegevens worden dan gewist. ' +
              'Hij werkt 10 minuten.\n' +
              'Niet aangevraagd? Dan kunt u deze e-mail negeren; er gebeurt niets.\n',
          }
        : {
            subject: `Deleting your account at ${accountName}`,
            text:
              `${name ? `Hello ${name},` : 'Hello,'}\n\nYour code: ${code}\n\n` +
              'Type it on your account page to delete your account; your data is then erased. ' +
              'It works for 10 minutes.\n' +
              'Did not ask for it? Then you can ignore this e-mail; nothing happens.\n',
          };
    return { to: contact.email, fromName: accountName, ...deletion };
  }
  const text =
    contact.locale === 'nl'
      ? {
          subject: `Uw code voor ${accountName}`,
          text:
            `${name ? `Hallo ${name},` : 'Hallo,'}\n\nUw code: ${code}\n\n` +
            'Typ hem waar erom gevraagd werd, om te bevestigen dat u het bent. Hij werkt 10 minuten.\n' +
            'Niet aangevraagd? Dan kunt u deze e-mail negeren.\n',
        }
      : {
          subject: `Your code for ${accountName}`,
          text:
            `${name ? `Hello ${name},` : 'Hello,'}\n\nYour code: ${code}\n\n` +
            'Type it where you were asked for it, to confirm it is you. It works for 10 minutes.\n' +
            'Did not ask for it? Then you can ignore this e-mail.\n',
        };
  return { to: contact.email, fromName: accountName, ...text };
}

// A new code for the contact (from a session, or the public API when `sessionId` is null).
async function newCode(
  tx: Tx,
  contact: ContactRow,
  sessionId: number | null,
  purpose: CodePurpose = 'proof',
): Promise<CodeDelivery> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.db
    .insertInto('contact_verification_codes')
    .values({
      contact_id: contact.id,
      portal_session_id: sessionId,
      code_hash: codeHash(contact.id, code),
      created_at: isoTimestamp(tx.now),
      expires_at: isoTimestamp(new Date(tx.now.getTime() + CODE_TTL_MS)),
      verified_at: null,
      used_at: null,
      purpose,
    })
    .execute();
  const account = await tx.db.selectFrom('account').select('name').executeTakeFirst();
  return {
    mail: codeMail(contact, account?.name ?? '', code, purpose),
    code,
    sentTo: maskEmail(contact.email),
  };
}

// The newest code of a session's customer (sessionId given) or of the public API (null).
function lastCode(db: Db, contactId: number, sessionId: number | null, purpose: CodePurpose = 'proof') {
  let query = db
    .selectFrom('contact_verification_codes')
    .selectAll()
    .where('contact_id', '=', contactId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1);
  query =
    sessionId === null
      ? query.where('portal_session_id', 'is', null)
      : query.where('portal_session_id', '=', sessionId);
  return query.executeTakeFirst();
}

// Checks `code` against the newest code; marks it verified. Expired, or none sent: 1003.
async function checkCode(
  tx: Tx,
  contactId: number,
  sessionId: number | null,
  code: string,
  purpose: CodePurpose = 'proof',
) {
  const last = await lastCode(tx.db, contactId, sessionId, purpose);
  if (!last || Date.parse(last.expires_at) <= tx.now.getTime()) throw expiredCode();
  if (last.code_hash !== codeHash(contactId, code)) throw wrongCode();
  await tx.db
    .updateTable('contact_verification_codes')
    .set({ verified_at: isoTimestamp(tx.now) })
    .where('id', '=', last.id)
    .execute();
}

/**
 * Whether the session's customer has proved it is them (contract/portal.ts ContactProof), as of
 * `now`; null without a customer. `codeInLog`: codes go to the service's log and the counter may
 * say so (no mail server, a demo account).
 */
export async function contactProofView(
  db: Db,
  session: PortalSessionRow,
  now: Date,
  codeInLog: boolean,
): Promise<ContactProof | null> {
  if (session.contact_id === null) return null;
  const proven = session.contact_proven_at !== null;
  // Codes are for the customer's own proof: the POS's customer may ask for one too.
  const customerProven = session.customer_proven_at !== null;
  const [last, sent, spent] = await Promise.all([
    lastCode(db, session.contact_id, session.id),
    db
      .selectFrom('contact_verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('portal_session_id', '=', session.id)
      .executeTakeFirstOrThrow(),
    customerProven ? null : contactGuessesSpent(db, 'code', session.contact_id, now),
  ]);
  const attempts = Number(session.verification_attempts);
  const lastRunsOut = !last || Date.parse(last.expires_at) <= now.getTime();
  return {
    identified_by: session.contact_source ?? 'email',
    proven,
    customer_proven: customerProven,
    code:
      last && !customerProven
        ? {
            sent_to: maskEmail((await contactById(db, session.contact_id)).email),
            expires_at: apiTimestamp(last.expires_at),
            code_in_log: codeInLog,
          }
        : null,
    attempts_left: Math.max(0, MAX_CODE_ATTEMPTS - attempts),
    locked:
      !customerProven &&
      (spent !== null ||
        attempts >= MAX_CODE_ATTEMPTS ||
        (Number(sent.count) >= MAX_SESSION_CODES && lastRunsOut)),
  };
}

/**
 * Sends a code to the address of the session's customer (portal API verification/send), valid 10
 * minutes, and records `verification_code_sent` `{contact: {uuid}, expires_at}`. Nothing is sent
 * for a customer who has proved it themselves already (null); the POS's customer may get one (what
 * opens their account needs their own proof). The caller hands the e-mail to the mailer.
 * @throws ServiceError 1003 (HTTP 409) no customer; 1003 (HTTP 409, reason verification_locked)
 *   five tries or three codes spent; 1003 (HTTP 429, reason too_many_wrong_codes) the contact's
 *   wrong codes of the hour spent.
 */
export async function sendCodeInSession(tx: Tx, session: PortalSessionRow): Promise<CodeDelivery | null> {
  const contactId = requireContact(session);
  if (session.customer_proven_at !== null) return null;
  const sent = await tx.db
    .selectFrom('contact_verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('portal_session_id', '=', session.id)
    .executeTakeFirstOrThrow();
  if (Number(session.verification_attempts) >= MAX_CODE_ATTEMPTS || Number(sent.count) >= MAX_SESSION_CODES) {
    throw locked();
  }
  await assertCodesLeft(tx.db, contactId, tx.now);
  const contact = await contactById(tx.db, contactId);
  const delivery = await newCode(tx, contact, session.id);
  await recordEvent(tx, session, 'verification_code_sent', {
    contact: { uuid: contact.uuid },
    expires_at: apiTimestamp(isoTimestamp(new Date(tx.now.getTime() + CODE_TTL_MS))),
  });
  return delivery;
}

/**
 * Counts one try of a code in the session, before it is checked and in a transaction of its own
 * (a wrong code's refusal rolls its own transaction back; the try stays counted), against the
 * session's five and the budgets of the contact and of `clientAddress`. Nothing for a customer
 * proven already.
 * @throws ServiceError 1003 (HTTP 409) no customer; verification_locked after five tries;
 *   1003 (HTTP 429, reason too_many_wrong_codes) a budget spent.
 */
export async function countCodeAttempt(
  tx: Tx,
  session: PortalSessionRow,
  clientAddress: string | null,
): Promise<void> {
  const contactId = requireContact(session);
  if (session.customer_proven_at !== null) return;
  await spendGuess(tx, 'code', { contactId, clientAddress });
  const counted = await tx.db
    .updateTable('portal_sessions')
    .set((eb) => ({ verification_attempts: eb('verification_attempts', '+', 1) }))
    .where('id', '=', session.id)
    .where('verification_attempts', '<', MAX_CODE_ATTEMPTS)
    .returning('id')
    .executeTakeFirst();
  if (!counted) throw locked();
}

/**
 * Checks a code typed at the counter (portal API verification/verify; its try counted by
 * countCodeAttempt first): the session's newest code for its customer, not expired. The customer
 * has then proved it themselves, for the rest of the session; records `contact_verified`
 * `{method: 'code'}`.
 * A right code gives its try back to the budgets (`clientAddress` as counted).
 * @throws ServiceError 1003 (HTTP 409) no customer; 1003 naming code: verification_code_wrong,
 *   verification_code_expired (or none sent).
 */
export async function verifyCodeInSession(
  tx: Tx,
  session: PortalSessionRow,
  code: string,
  clientAddress: string | null,
): Promise<PortalSessionRow> {
  const contactId = requireContact(session);
  if (session.customer_proven_at !== null) return session;
  await checkCode(tx, contactId, session.id, code);
  await refundGuess(tx, 'code', { contactId, clientAddress });
  const now = isoTimestamp(tx.now);
  const set = { contact_proven_at: session.contact_proven_at ?? now, customer_proven_at: now };
  await tx.db.updateTable('portal_sessions').set(set).where('id', '=', session.id).execute();
  await recordEvent(tx, session, 'contact_verified', { method: 'code' });
  return { ...session, ...set };
}

/**
 * The real platform's `POST contact-verification/send {email}`: a new code to the contact's
 * address, valid 10 minutes (the caller mails it).
 * @throws ServiceError 55031 no contact with that address; 1003 (HTTP 429, reason
 *   too_many_wrong_codes) the contact's wrong codes of the hour spent.
 */
export async function sendContactCode(tx: Tx, email: string): Promise<CodeDelivery> {
  const contact = await contactByEmail(tx.db, email);
  await assertCodesLeft(tx.db, contact.id, tx.now);
  return newCode(tx, contact, null);
}

/**
 * Counts one try of the contact's newest public code (before it is checked, in a transaction of
 * its own, as countCodeAttempt does for a session), against the budgets of the contact and of
 * `clientAddress`.
 * @throws ServiceError 55031 no contact; verification_locked after five tries of that code;
 *   1003 (HTTP 429, reason too_many_wrong_codes) a budget spent.
 */
export async function countContactCodeAttempt(
  tx: Tx,
  email: string,
  clientAddress: string | null,
): Promise<void> {
  const contact = await contactByEmail(tx.db, email);
  await countCodeTry(tx, contact.id, 'proof', clientAddress);
}

// Counts one try of the contact's newest code of `purpose` outside a session (five at most), and
// against the budgets.
async function countCodeTry(
  tx: Tx,
  contactId: number,
  purpose: CodePurpose,
  clientAddress: string | null,
): Promise<void> {
  // The budget first: once it is spent, the answer says when to try again.
  await spendGuess(tx, 'code', { contactId, clientAddress });
  const last = await lastCode(tx.db, contactId, null, purpose);
  if (last) {
    const counted = await tx.db
      .updateTable('contact_verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', last.id)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .returning('id')
      .executeTakeFirst();
    if (!counted) throw locked();
  }
}

/**
 * The real platform's `POST contact-verification/verify {code, email}`: checks the contact's
 * newest public code; a right one gives its try back to the budgets.
 * @throws ServiceError 55031 no contact; 1003 naming code: verification_code_wrong,
 *   verification_code_expired (or none sent).
 */
export async function verifyContactCode(
  tx: Tx,
  email: string,
  code: string,
  clientAddress: string | null,
): Promise<void> {
  const contact = await contactByEmail(tx.db, email);
  await checkCode(tx, contact.id, null, code);
  await refundGuess(tx, 'code', { contactId: contact.id, clientAddress });
}

/**
 * The real platform's `GET contact-verification/auth-token/{contact_uuid}`: for the contact's
 * verified public code (once, while it is valid), a new contact session token — an app code of
 * theirs that identifies them at the counter once, as a proof.
 * @throws ServiceError 55031 unknown contact; 1003 (HTTP 403, reason contact_not_verified) no
 *   verified code left.
 */
export async function contactAuthToken(tx: Tx, contactUuid: string): Promise<string> {
  const contact = await contactByUuid(tx.db, contactUuid);
  const used = await tx.db
    .updateTable('contact_verification_codes')
    .set({ used_at: isoTimestamp(tx.now) })
    .where('contact_id', '=', contact.id)
    .where('portal_session_id', 'is', null)
    .where('purpose', '=', 'proof')
    .where('verified_at', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoTimestamp(tx.now))
    .returning('id')
    .execute();
  if (used.length === 0) {
    throw refusal('contact_not_verified', {
      en: 'The contact has no verified code; send one and verify it first',
      nl: 'Het contact heeft geen bevestigde code; stuur er eerst een en bevestig die',
    });
  }
  return issueContactSessionToken(tx, contact.id, null);
}

/**
 * Sends a code that confirms the deletion of the contact's account (/me/ POST deletion), valid 10
 * minutes; it proves nothing else (purpose `deletion`). The caller mails it after the transaction.
 * @throws ServiceError 1003 (HTTP 429, reason too_many_wrong_codes) the contact's wrong codes of
 *   the hour spent.
 */
export async function sendDeletionCode(tx: Tx, contactId: number): Promise<CodeDelivery> {
  await assertCodesLeft(tx.db, contactId, tx.now);
  return newCode(tx, await contactById(tx.db, contactId), null, 'deletion');
}

/**
 * Counts one try of the contact's newest deletion code, in a transaction of its own (as
 * countCodeAttempt), against the budgets of the contact and of `clientAddress`.
 * @throws ServiceError verification_locked after five tries of that code; 1003 (HTTP 429, reason
 *   too_many_wrong_codes) a budget spent.
 */
export function countDeletionCodeAttempt(
  tx: Tx,
  contactId: number,
  clientAddress: string | null,
): Promise<void> {
  return countCodeTry(tx, contactId, 'deletion', clientAddress);
}

/**
 * Checks a deletion code: the contact's newest, not expired; a right one gives its try back.
 * @throws ServiceError 1003 naming code: verification_code_wrong, verification_code_expired (or none sent).
 */
export async function verifyDeletionCode(
  tx: Tx,
  contactId: number,
  code: string,
  clientAddress: string | null,
): Promise<void> {
  await checkCode(tx, contactId, null, code, 'deletion');
  await refundGuess(tx, 'code', { contactId, clientAddress });
}
