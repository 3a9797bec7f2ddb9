import type {
  ContactProof,
  IdentifyRequest,
  IdentifyResult,
  PortalCard,
  PortalContact,
  RegisterRequest,
} from '../../../contract/portal';
import type { ContactSource } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { addContactCard, portalCard } from '../contacts/cards';
import { contactByEmail, contactById, createContact } from '../contacts/contacts';
import { identifierByValue, inactiveCardError, linkIdentifier } from '../contacts/identifiers';
import { useContactSessionToken } from '../contacts/session-tokens';
import { subscribeContact, unsubscribeContact } from '../contacts/subscriptions';
import { markTermsPending, recordTermsAcceptance, type TermsAccepted } from '../contacts/terms';
import { invalidField, ServiceError } from '../shared/errors';
import { recordEvent, sessionEvents } from './events';
import {
  type PortalSessionRow,
  REFUSALS,
  requireCustomerProof,
  requireProvenContact,
  sessionRefusal,
  sessionTypeAllows,
} from './guards';
import { codeOfNobody } from './scan';
import { sessionSettings, setSessionContact } from './sessions';
import { assertNoTopUpHeld } from './top-ups';
import { type PortalViewOptions, portalContact, sessionContactProof } from './views';

// Once the session has credited someone, it stays with them; a customer the POS set stays too,
// and so does one whose top-up waits for its payment.
async function assertContactMayChange(tx: Tx, session: PortalSessionRow): Promise<void> {
  if (session.credit_reception_id !== null) {
    throw sessionRefusal(
      'customer_already_credited',
      'The customer of this session has already received credits',
      'De klant van deze sessie heeft al punten ontvangen',
    );
  }
  await assertNoTopUpHeld(tx.db, session);
}

// The POS's customer is the session's: only they may be identified again (a scan of their card is
// theirs to give), nobody else.
function assertPosContactKept(session: PortalSessionRow, contactId: number | null): void {
  if (session.contact_source === 'pos' && session.contact_id !== contactId) {
    throw sessionRefusal(
      'contact_set_by_pos',
      'The cashier chose the customer of this session',
      'De kassa heeft de klant van deze sessie gekozen',
    );
  }
}

async function identified(
  tx: Tx,
  session: PortalSessionRow,
  contactId: number,
  source: ContactSource,
  proven: boolean,
  options: PortalViewOptions,
): Promise<{ contact: PortalContact; proof: ContactProof }> {
  assertPosContactKept(session, contactId);
  const changed = await setSessionContact(tx, session, contactId, source, proven);
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'contact_identified', {
    method: source,
    contact: { uuid: contact.uuid, email: contact.email },
  });
  return {
    contact: await portalContact(tx.db, contactId),
    proof: (await sessionContactProof(tx.db, changed, { ...options, now: tx.now }))!,
  };
}

async function byScannedValue(
  tx: Tx,
  session: PortalSessionRow,
  value: string,
  options: PortalViewOptions,
): Promise<IdentifyResult> {
  const card = await identifierByValue(tx.db, value);
  if (card) {
    if (card.active !== 1) throw inactiveCardError(card);
    assertPosContactKept(session, card.contact_id);
    if (card.contact_id === null) return { result: 'unregistered_card', value };
    return {
      result: 'identified',
      method: 'card',
      ...(await identified(tx, session, card.contact_id, 'card', true, options)),
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
    ...(await identified(tx, session, contactId, 'app_token', true, options)),
  };
}

/** Whether the session takes an e-mail address: e-mail identification on, or the primary method. */
function emailEnabled(session: PortalSessionRow): boolean {
  const settings = sessionSettings(session);
  return settings.enable_email_identification || settings.primary_identification_method === 'email';
}

/**
 * Identifies the session's customer (portal API identify) by a scanned value — a contact
 * identifier (card) first, else a contact session token from the customer's app, used once — or
 * by e-mail, where the session takes one (`enable_email_identification`, or e-mail as the primary
 * method). On success sets the session's contact, how they became known and whether that proves
 * it is them (a scan does; an e-mail alone does not: docs/trust-model.md), and records
 * `contact_identified` `{method, contact: {uuid, email}}`. An unlinked card of the account and an
 * unknown e-mail are results, not errors (the kiosk may register); so is a scanned value that
 * identifies nobody (`other_code`: a gift card, a voucher code, or unknown — never offered for
 * linking). A customer the POS set stays: only they may identify again.
 * @throws ServiceError 60004 inactive card, 1003 app token already used, 1003 (HTTP 403)
 *   email_identification_disabled, 1003 (HTTP 409) contact_set_by_pos, customer_already_credited,
 *   payment_awaited.
 */
export async function identifyInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: IdentifyRequest,
  options: PortalViewOptions,
): Promise<IdentifyResult> {
  if ('value' in input) {
    await assertContactMayChange(tx, session);
    return byScannedValue(tx, session, input.value, options);
  }
  const contactId = await contactOfTypedEmail(tx, session, input.email);
  if (contactId === null) return { result: 'unknown_email', email: input.email };
  return {
    result: 'identified',
    method: 'email',
    ...(await identified(tx, session, contactId, 'email', false, options)),
  };
}

/**
 * The contact of an e-mail address typed at the counter, by identify's rules: the session's
 * customer may still change, and it takes e-mail addresses; null for an address nobody has.
 * @throws ServiceError 1003 (HTTP 403) email_identification_disabled; 1003 (HTTP 409)
 *   customer_already_credited, payment_awaited.
 */
async function contactOfTypedEmail(tx: Tx, session: PortalSessionRow, email: string): Promise<number | null> {
  await assertContactMayChange(tx, session);
  if (!emailEnabled(session)) {
    throw sessionRefusal(
      'email_identification_disabled',
      'E-mail identification is not enabled in this session',
      'Identificeren met e-mail staat in deze sessie niet aan',
    );
  }
  try {
    return (await contactByEmail(tx.db, email)).id;
  } catch (err) {
    if (err instanceof ServiceError && err.code === 55031) return null;
    throw err;
  }
}

/**
 * Links a card to the account of an e-mail address typed at the counter (the real portal
 * component's link-identifier, docs/v1-api.md), by the counter's rules for the same steps: the
 * address is taken as identify takes one (e-mail identification on, the customer may change, the
 * POS's customer stays), then the card is added as the counter adds one — to the session's own
 * proven customer (addCardInSession), or, to the customer this session has just registered by
 * their address alone, as registration links a card (a card of the account nobody holds; it then
 * proves them: the two calls are the kiosk's registration with a card). Anyone else's account
 * takes no card from an e-mail address alone. An address nobody has is a result (`unknown_email`),
 * changing nothing.
 * @throws ServiceError identify's refusals for an e-mail (1003 HTTP 403 email_identification_disabled,
 *   409 customer_already_credited, payment_awaited, contact_set_by_pos); 1003 (HTTP 403)
 *   proof_required; for the registered customer 1003 naming contact_identifier_value (no card of
 *   the account), 60014 someone else's card, 60004 inactive; else 1003 (HTTP 403)
 *   not_allowed_in_session outside the customer portal, and addCardInSession's (60004, 60014).
 */
export async function linkCardByEmailInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: { email: string; card_value: string },
): Promise<{ result: 'unknown_email' } | { result: 'linked'; contact: PortalContact }> {
  const contactId = await contactOfTypedEmail(tx, session, input.email);
  if (contactId === null) return { result: 'unknown_email' };
  assertPosContactKept(session, contactId);
  // The counter identifies them by the address typed, which proves nothing; the session's own
  // customer keeps what they proved.
  const byAddress: PortalSessionRow =
    session.contact_id === contactId
      ? session
      : { ...session, contact_id: contactId, contact_proven_at: null };
  if (byAddress.contact_source === 'registration' && byAddress.contact_proven_at === null) {
    await linkRegistrationCard(tx, input.card_value, contactId, 'contact_identifier_value');
    const proven = await setSessionContact(tx, session, contactId, 'registration', true);
    await recordCardAdded(tx, proven, contactId, input.card_value);
  } else {
    // Adding a card is the customer portal's (identify, scan_anything), as at the counter.
    if (!sessionTypeAllows(session.type, 'customer_portal')) throw REFUSALS.notAllowed();
    requireProvenContact(byAddress);
    await addCardInSession(tx, session, input.card_value);
  }
  return { result: 'linked', contact: await portalContact(tx.db, contactId) };
}

/**
 * Links a card of the account that nobody holds to a contact registering (the kiosk's registration
 * with a card, and the component's link right after its registration).
 * @throws ServiceError 1003 naming `field` (not a card of the account), 60004 inactive, 60014 linked.
 */
async function linkRegistrationCard(tx: Tx, value: string, contactId: number, field: string): Promise<void> {
  // Only a card of the account is linked: a code it does not know is no loyalty card.
  if (!(await identifierByValue(tx.db, value))) {
    invalidField(field, `The ${field.replaceAll('_', ' ')} is not a loyalty card of this account.`);
  }
  await linkIdentifier(tx, value, contactId);
}

async function recordCardAdded(tx: Tx, session: PortalSessionRow, contactId: number, value: string) {
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'card_added', {
    contact: { uuid: contact.uuid, email: contact.email },
    contact_identifier: value,
  });
}

/**
 * A registration at the counter: the e-mail address, the unlinked card of the account scanned
 * before (optional), the language, and the customer's `consent` where the screen showed them the
 * account's terms and its subscription types (the kiosk: the subscription types they ticked; its
 * request holds their acceptance of the terms). `consent` null: a screen that showed neither (the
 * real portal component) — nobody accepts for them, so the contact is made with no terms accepted
 * (pending, asked where they next sign in) and no subscription.
 */
export interface Registration {
  email: string;
  card_value?: string | undefined;
  locale?: RegisterRequest['locale'];
  consent: { subscription_type_ids: number[] } | null;
}

/**
 * Registers a new contact at the counter (portal API register, v1 POST contacts; needs the
 * session's `enable_registration`; one per session): creates the contact (channel `portal`), links
 * the unlinked card of the account scanned before (which proves it is them; an e-mail alone does
 * not), subscribes to the ticked subscription types (double opt-in ones become pending) and
 * unsubscribes from every opt-out one not ticked, keeps the terms acceptance (its time and the
 * account's terms and privacy addresses) or, without `consent`, marks the terms pending. Sets the
 * session's contact and records `contact_registered` (`terms`: the acceptance, or null) and
 * `contact_identified`. All or nothing, in `tx`.
 * @throws ServiceError 1003 with HTTP 403 (registration disabled) or 409 (credit reception exists,
 *   registration_done, contact_set_by_pos, payment_awaited), 1003 naming card_value (not a card of
 *   the account), 60005 e-mail registered, 60014 card linked, 60004 card inactive, 55030 unknown type.
 */
export async function registerInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: Registration,
  options: PortalViewOptions,
): Promise<{ contact: PortalContact }> {
  if (!sessionSettings(session).enable_registration) {
    throw sessionRefusal(
      'registration_disabled',
      'Registration is not enabled in this session',
      'Registreren is niet ingeschakeld in deze sessie',
    );
  }
  await assertContactMayChange(tx, session);
  assertPosContactKept(session, null);
  if ((await sessionEvents(tx.db, session.id)).some((e) => e.type === 'contact_registered')) {
    throw sessionRefusal(
      'registration_done',
      'This session has registered its customer already',
      'In deze sessie is al een klant geregistreerd',
    );
  }
  const created = await createContact(tx, { email: input.email, locale: input.locale ?? null }, 'portal');
  if (input.card_value !== undefined)
    await linkRegistrationCard(tx, input.card_value, created.id, 'card_value');
  const ticked = new Set(input.consent?.subscription_type_ids ?? []);
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
  let terms: TermsAccepted | null = null;
  if (input.consent) terms = await recordTermsAcceptance(tx, created.id, session.id);
  else await markTermsPending(tx, created.id);
  await recordEvent(tx, session, 'contact_registered', {
    contact: { uuid: created.uuid, email: input.email },
    contact_identifier: input.card_value ?? null,
    subscriptions: subscriptions.map((s) => ({
      subscription_type: { id: s.subscription_type.id },
      status: s.status,
    })),
    terms,
  });
  const { contact } = await identified(
    tx,
    session,
    created.id,
    'registration',
    input.card_value !== undefined,
    options,
  );
  return { contact };
}

/**
 * Adds a card to the identified customer (the v1 component's link-identifier): an unknown value
 * becomes a new card ("Loyalty card", so that its name does not show its value) linked to them, an
 * unlinked card is linked; their own card is answered as it is. A card proves its holder is the
 * customer, so the customer must have proved it themselves in the session (a scan, their e-mailed
 * code): the POS's word gives nobody a card to their account.
 * Records `card_added` `{contact: {uuid, email}, contact_identifier}` when a card was added.
 * @throws ServiceError 1003 (HTTP 403) proof_required; 60004 inactive card, 60014 linked to
 *   someone else, 60006 created meanwhile.
 */
export async function addCardInSession(
  tx: Tx,
  session: PortalSessionRow,
  value: string,
): Promise<PortalCard> {
  const contactId = requireCustomerProof(session);
  const { card, added } = await addContactCard(tx, contactId, value);
  if (!added) return portalCard(card);
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'card_added', {
    contact: { uuid: contact.uuid, email: contact.email },
    contact_identifier: value,
  });
  return portalCard(card);
}
