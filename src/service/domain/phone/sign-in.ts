/*
 * Signing in to the customer's own page /me/ (docs/me.md "The /me/ API"): a one-time link token —
 * random, stored hashed, single use, a few minutes, bound to a contact and the shop it was made for
 * — is exchanged once for a cookie session, whose secret lives only in an httpOnly cookie (stored
 * hashed), lasts 30 days and can be revoked (sign out, sign out everywhere, account deletion).
 */
import { ME_LINK_MINUTES, ME_SESSION_DAYS, type MeLink } from '../../../contract/me';
import type { Db, MeLinkTokenTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { OutgoingMail } from '../../mail/mailer';
import { type ContactRow, contactByUuid, isAnonymousEmail } from '../contacts/contacts';
import { type PortalSessionRow, requireCustomerProof } from '../portal-sessions/guards';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { apiTimestamp, isoTimestamp } from '../shared/values';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A signed-in /me/ browser, as a request finds it from its cookie. */
export interface MeSession {
  id: number;
  contactId: number;
  shopId: number | null;
  expiresAt: string;
}

/** An unknown, used or expired sign-in link: 1003 (HTTP 401, link_invalid). */
export function linkInvalid(): ServiceError {
  return refusal('link_invalid', {
    en: 'This sign-in link has expired or was used already; ask for a new one',
    nl: 'Deze aanmeldlink is verlopen of al gebruikt; vraag een nieuwe aan',
  });
}

/** A call without a valid /me/ cookie session: 1003 (HTTP 401, signed_out). */
export function signedOut(): ServiceError {
  return refusal('signed_out', {
    en: 'You are signed out; open a new sign-in link',
    nl: 'U bent afgemeld; open een nieuwe aanmeldlink',
  });
}

/** The address of /me/ for links: `<origin of portalUrl>/me/`. */
export function meUrl(portalUrl: string): string {
  return `${new URL(portalUrl).origin}/me/`;
}

/**
 * Makes a one-time sign-in link to /me/ for a contact: a new random token, stored hashed, working
 * once for ME_LINK_MINUTES (5), bound to the contact and `shopId` (null: the account).
 * @returns `{url: <origin>/me/?token=…, expires_at}`.
 */
export async function createMeLink(
  tx: Tx,
  input: { contactId: number; shopId: number | null; source: MeLinkTokenTable['source'] },
  portalUrl: string,
): Promise<MeLink> {
  const token = newSecret();
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + ME_LINK_MINUTES * MINUTE_MS));
  // The contact's links that ran out unused go (used ones stay: they tell how a session began).
  await tx.db
    .deleteFrom('me_link_tokens')
    .where('contact_id', '=', input.contactId)
    .where('used_at', 'is', null)
    .where('expires_at', '<=', isoTimestamp(tx.now))
    .execute();
  await tx.db
    .insertInto('me_link_tokens')
    .values({
      token_hash: hashToken(token),
      contact_id: input.contactId,
      shop_id: input.shopId,
      source: input.source,
      created_at: isoTimestamp(tx.now),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return {
    url: `${meUrl(portalUrl)}?token=${encodeURIComponent(token)}`,
    expires_at: apiTimestamp(expiresAt)!,
  };
}

/**
 * The real platform's contacts portal (GET contacts-portal/auth-url?contact_uuid=): a sign-in link
 * for the contact, bound to the credential's shop (null for an account-wide one).
 * @throws ServiceError 55031 unknown contact.
 */
export async function contactsPortalAuthUrl(
  tx: Tx,
  contactUuid: string,
  shopId: number | null,
  portalUrl: string,
): Promise<{ url: string }> {
  const contact = await contactByUuid(tx.db, contactUuid);
  const { url } = await createMeLink(tx, { contactId: contact.id, shopId, source: 'auth_url' }, portalUrl);
  return { url };
}

/**
 * Exchanges a sign-in link token for a cookie session (ME_SESSION_DAYS, 30): the token is marked
 * used in the same conditional statement that finds it, so of two concurrent uses one wins.
 * @returns the session's secret (for the cookie only; stored hashed) and the contact.
 * @throws ServiceError 1003 (HTTP 401, link_invalid) unknown, used or expired token.
 */
export async function signInWithLink(
  tx: Tx,
  token: string,
): Promise<{ secret: string; session: MeSession; contact: ContactRow }> {
  const now = isoTimestamp(tx.now);
  const used = await tx.db
    .updateTable('me_link_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['contact_id', 'shop_id'])
    .executeTakeFirst();
  if (!used) throw linkInvalid();
  const contact = await tx.db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', used.contact_id)
    .executeTakeFirst();
  if (!contact) throw linkInvalid();
  const secret = newSecret();
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + ME_SESSION_DAYS * DAY_MS));
  // The contact's sessions that ended go.
  await tx.db
    .deleteFrom('me_sessions')
    .where('contact_id', '=', contact.id)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .execute();
  const row = await tx.db
    .insertInto('me_sessions')
    .values({
      secret_hash: hashToken(secret),
      contact_id: contact.id,
      shop_id: used.shop_id,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    secret,
    session: { id: row.id, contactId: contact.id, shopId: used.shop_id, expiresAt },
    contact,
  };
}

/** The session of a cookie secret while it lasts and is not revoked; undefined otherwise. */
export async function meSessionBySecret(db: Db, secret: string, now: Date): Promise<MeSession | undefined> {
  const row = await db
    .selectFrom('me_sessions')
    .select(['id', 'contact_id', 'shop_id', 'expires_at'])
    .where('secret_hash', '=', hashToken(secret))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', isoTimestamp(now))
    .executeTakeFirst();
  return row && { id: row.id, contactId: row.contact_id, shopId: row.shop_id, expiresAt: row.expires_at };
}

/** Revokes one /me/ session (sign out). */
export async function revokeMeSession(tx: Tx, sessionId: number): Promise<void> {
  await tx.db
    .updateTable('me_sessions')
    .set({ revoked_at: isoTimestamp(tx.now) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every /me/ session of a contact and every sign-in link not used yet (sign out everywhere). */
export async function revokeContactMeSessions(tx: Tx, contactId: number): Promise<void> {
  const now = isoTimestamp(tx.now);
  await tx.db
    .updateTable('me_sessions')
    .set({ revoked_at: now })
    .where('contact_id', '=', contactId)
    .where('revoked_at', 'is', null)
    .execute();
  await tx.db
    .updateTable('me_link_tokens')
    .set({ used_at: now })
    .where('contact_id', '=', contactId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * "E-mail me a sign-in link" (POST /me/api/sign-in-link): for a known, non-anonymous address, a
 * sign-in link (source `email`) in an e-mail in the contact's language; null for any other address,
 * so that the caller answers alike whether or not the address is known. The caller sends the mail
 * after the transaction.
 */
export async function meLinkByEmail(tx: Tx, email: string, portalUrl: string): Promise<OutgoingMail | null> {
  const contact = await tx.db
    .selectFrom('contacts')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!contact || isAnonymousEmail(contact.email)) return null;
  const link = await createMeLink(tx, { contactId: contact.id, shopId: null, source: 'email' }, portalUrl);
  const account = await tx.db.selectFrom('account').select('name').executeTakeFirst();
  const accountName = account?.name ?? '';
  const name = contact.firstname?.trim();
  const text =
    contact.locale === 'nl'
      ? {
          subject: `Aanmelden bij ${accountName}`,
          text:
            `${name ? `Hallo ${name},` : 'Hallo,'}\n\nOpen deze link om uw account te bekijken en te beheren:\n` +
            `${link.url}\n\nDe link werkt één keer, ${ME_LINK_MINUTES} minuten lang.\n` +
            'Niet aangevraagd? Dan kunt u deze e-mail negeren.\n',
        }
      : {
          subject: `Sign in to ${accountName}`,
          text:
            `${name ? `Hello ${name},` : 'Hello,'}\n\nOpen this link to see and manage your account:\n` +
            `${link.url}\n\nThe link works once, for ${ME_LINK_MINUTES} minutes.\n` +
            'Did not ask for it? Then you can ignore this e-mail.\n',
        };
  return { to: contact.email, fromName: accountName, ...text };
}

/**
 * "Manage on your phone" at the counter (portal API POST me-link): a sign-in link for the session's
 * customer, bound to the session's shop, once they have proved it is them themselves in this
 * session — a scan of their card or app code, or their e-mailed code (docs/trust-model.md: the link
 * opens their account for 30 days, so neither an e-mail typed at the counter nor the POS's or the
 * cashier's word is enough).
 * @throws ServiceError 1003 (HTTP 409) customer_not_identified; (HTTP 403) proof_required.
 */
export async function meLinkInSession(tx: Tx, session: PortalSessionRow, portalUrl: string): Promise<MeLink> {
  const contactId = requireCustomerProof(session);
  return createMeLink(tx, { contactId, shopId: session.shop_id, source: 'counter' }, portalUrl);
}
