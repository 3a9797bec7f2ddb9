import type { IdentifyRequest, IdentifyResult, PortalContact, RegisterRequest } from '../../contract/portal';
import type { Tx } from '../db/transaction';
import { identifierByValue, linkIdentifier } from './contact-identifiers';
import { useContactSessionToken } from './contact-session-tokens';
import { contactByEmail, contactById, createContact } from './contacts';
import { invalidField, ServiceError } from './errors';
import { codeOfNobody } from './portal-scan';
import { recordEvent } from './portal-session-events';
import { type PortalSessionRow, sessionRefusal } from './portal-session-guards';
import { portalContact } from './portal-session-views';
import { sessionSettings, setSessionContact } from './portal-sessions';
import { subscribeContact, unsubscribeContact } from './subscriptions';

type IdentifyMethod = 'card' | 'app_token' | 'email' | 'registration';

// Once the session has credited someone, it stays with them.
function assertContactMayChange(session: PortalSessionRow): void {
  if (session.credit_reception_id !== null) {
    throw sessionRefusal(
      'customer_already_credited',
      'The customer of this session has already received credits',
      'De klant van deze sessie heeft al punten ontvangen',
    );
  }
}

async function identified(
  tx: Tx,
  session: PortalSessionRow,
  contactId: number,
  method: IdentifyMethod,
): Promise<PortalContact> {
  await setSessionContact(tx, session, contactId);
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'contact_identified', {
    method,
    contact: { uuid: contact.uuid, email: contact.email },
  });
  return portalContact(tx.db, contactId);
}

async function byScannedValue(tx: Tx, session: PortalSessionRow, value: string): Promise<IdentifyResult> {
  const card = await identifierByValue(tx.db, value);
  if (card) {
    if (card.active !== 1) throw new ServiceError(60004);
    if (card.contact_id === null) return { result: 'unregistered_card', value };
    return {
      result: 'identified',
      method: 'card',
      contact: await identified(tx, session, card.contact_id, 'card'),
    };
  }
  let contactId: number;
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; the spec's "use" of a token.
    contactId = await useContactSessionToken(tx, value);
  } catch (err) {
    // Neither a card nor an app token: it identifies nobody (a gift card, a voucher, or unknown).
    if (err instanceof ServiceError && err.reason === 'contact_session_token_not_found') {
      return { result: 'other_code', code: await codeOfNobody(tx.db, value, tx.now) };
    }
    throw err;
  }
  return {
    result: 'identified',
    method: 'app_token',
    contact: await identified(tx, session, contactId, 'app_token'),
  };
}

/**
 * Identifies the session's customer (portal API identify) by a scanned value — a contact
 * identifier (card) first, else a contact session token from the customer's app, used once — or
 * by e-mail. On success sets the session's contact and records `contact_identified`
 * `{method, contact: {uuid, email}}`. An unlinked card of the account and an unknown e-mail are
 * results, not errors (the kiosk may register); so is a scanned value that identifies nobody
 * (`other_code`: a gift card, a voucher code, or unknown — never offered for linking).
 * @throws ServiceError 60004 inactive card, 1003 app token already used, 1003 (HTTP 409) once the
 *   session has a credit reception.
 */
export async function identifyInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: IdentifyRequest,
): Promise<IdentifyResult> {
  assertContactMayChange(session);
  if ('value' in input) return byScannedValue(tx, session, input.value);
  let contactId: number;
  try {
    contactId = (await contactByEmail(tx.db, input.email)).id;
  } catch (err) {
    if (err instanceof ServiceError && err.code === 55031)
      return { result: 'unknown_email', email: input.email };
    throw err;
  }
  return {
    result: 'identified',
    method: 'email',
    contact: await identified(tx, session, contactId, 'email'),
  };
}

/**
 * Registers a new contact at the kiosk (portal API register; needs the session's
 * `enable_registration`): creates the contact (channel `portal`), links the unlinked card of the
 * account scanned before, subscribes to the ticked subscription types (double opt-in ones
 * become pending) and unsubscribes from unticked opt-out ones, sets the session's contact and
 * records `contact_registered` and `contact_identified`. All or nothing, in `tx`.
 * @throws ServiceError 1003 with HTTP 403 (registration disabled) or 409 (credit reception exists),
 *   1003 naming card_value (not a card of the account), 60005 e-mail registered, 60014 card linked,
 *   60004 card inactive, 55030 unknown type.
 */
export async function registerInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: RegisterRequest,
): Promise<{ contact: PortalContact }> {
  if (!sessionSettings(session).enable_registration) {
    throw sessionRefusal(
      'registration_disabled',
      'Registration is not enabled in this session',
      'Registreren is niet ingeschakeld in deze sessie',
    );
  }
  assertContactMayChange(session);
  const created = await createContact(tx, { email: input.email, locale: input.locale ?? null }, 'portal');
  if (input.card_value !== undefined) {
    // Only a card of the account is linked: a code it does not know is no loyalty card.
    if (!(await identifierByValue(tx.db, input.card_value))) {
      invalidField('card_value', 'The card value is not a loyalty card of this account.');
    }
    await linkIdentifier(tx, input.card_value, created.id);
  }
  const ticked = new Set(input.subscription_type_ids);
  const subscriptions = [];
  for (const id of ticked) subscriptions.push(await subscribeContact(tx, created.id, { id }));
  const optOut = await tx.db
    .selectFrom('subscription_types')
    .select('id')
    .where('active', '=', 1)
    .where('strategy', '=', 'OPT_OUT')
    .execute();
  for (const { id } of optOut) {
    if (!ticked.has(id)) subscriptions.push(await unsubscribeContact(tx, created.id, { id }));
  }
  await recordEvent(tx, session, 'contact_registered', {
    contact: { uuid: created.uuid, email: input.email },
    contact_identifier: input.card_value ?? null,
    subscriptions: subscriptions.map((s) => ({
      subscription_type: { id: s.subscription_type.id },
      status: s.status,
    })),
  });
  return { contact: await identified(tx, session, created.id, 'registration') };
}
