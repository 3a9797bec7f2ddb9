import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTypeAllows } from '../../src/contract/session-types';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { openSession, sessionState } from '../helpers/portal';

/*
 * Identification through the real portal component's API (PUT /{uuid}, POST
 * /{uuid}/contacts/link-identifier) answers what the counter's portal API answers for the same
 * steps in a session with the same settings: the same refusal (HTTP status, code, reason), or the
 * same outcome in the component's shape (identified; 55031 for what identifies nobody). The matrix
 * runs every input against every setting, each pair on two fresh sessions, one per API.
 */

const POS_ORIGIN = 'https://pos.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ argv: ['--allowed-origins', POS_ORIGIN] });
});
afterAll(async () => {
  await t.close();
});

/** What a call came to, the same for both APIs: done, nobody found, or a refusal. */
type Outcome = 'identified' | 'linked' | 'nobody' | { status: number; code: number; reason?: string };

function refusalOf(res: { statusCode: number; json(): unknown }) {
  const body = res.json() as { code: number; reason?: string };
  return { status: res.statusCode, code: body.code, ...(body.reason ? { reason: body.reason } : {}) };
}

function v1(method: 'PUT' | 'POST', path: string, payload: Record<string, unknown>) {
  return t.call({
    method,
    url: `/api/v1/portal-sessions${path}`,
    token: 'undefined',
    headers: { origin: POS_ORIGIN, 'x-sdk-version': '0.2.0' },
    payload,
  });
}

function counter(uuid: string, action: string, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `/portal/api/sessions/${uuid}/${action}`, token: null, payload });
}

/** The counter's identify: `identified`, `nobody` for the results that identify nobody, or its refusal. */
async function counterIdentify(uuid: string, input: Record<string, string>): Promise<Outcome> {
  const res = await counter(uuid, 'identify', input);
  if (res.statusCode !== 200) return refusalOf(res);
  return res.json().data.result === 'identified' ? 'identified' : 'nobody';
}

/** The component's PUT: `identified`, `nobody` for 55031, or its refusal. */
async function v1Identify(uuid: string, input: Record<string, string>): Promise<Outcome> {
  const body = 'value' in input ? { contact_identifier_value: input.value } : input;
  const res = await v1('PUT', `/${uuid}`, body);
  if (res.statusCode === 200) return 'identified';
  if (res.statusCode === 404 && res.json().code === 55031) return 'nobody';
  return refusalOf(res);
}

/**
 * The counter's steps for "this card to the account of this address": identify by it, then the
 * card rule every API calls (addCardInSession): a type that shows the customer's own portal, and a
 * customer who proved it themselves in the session (the counter has no card call of its own).
 */
async function counterLink(uuid: string, email: string): Promise<Outcome> {
  const identified = await counterIdentify(uuid, { email });
  if (identified !== 'identified') return identified;
  const state = await sessionState(t, uuid);
  if (!sessionTypeAllows(state.type, 'customer_portal')) {
    return { status: 403, code: 1003, reason: 'not_allowed_in_session' };
  }
  return state.contact_proof?.customer_proven
    ? 'linked'
    : { status: 403, code: 1003, reason: 'proof_required' };
}

/** The component's link-identifier: `linked`, `nobody` for 55031, or its refusal (which changes nothing). */
async function v1Link(uuid: string, email: string, card: string): Promise<Outcome> {
  const before = await accountSnapshot(t.app.db);
  const res = await v1('POST', `/${uuid}/contacts/link-identifier`, {
    contact_identifier_value: card,
    email,
  });
  if (res.statusCode === 200) return 'linked';
  await expectUnchanged(t.app.db, before);
  if (res.statusCode === 404 && res.json().code === 55031) return 'nobody';
  return refusalOf(res);
}

/** A loyalty card of the account that nobody holds, made for one call. */
async function unlinkedCard(): Promise<string> {
  const value = `V1-ID-${randomBytes(5).toString('hex').toUpperCase()}`;
  const res = await t.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: value },
  });
  expect(res.statusCode).toBe(201);
  return value;
}

const SETTINGS: Record<string, Record<string, unknown>> = {
  'e-mail off': {},
  'e-mail on': { enable_email_identification: true },
  'e-mail primary': { primary_identification_method: 'email' },
  'e-mail and registration on': { enable_email_identification: true, enable_registration: true },
  'registration on, e-mail off': { enable_registration: true },
  'POS set Ben, e-mail on': { enable_email_identification: true, contact_uuid: DEMO.ben },
  'POS set Ben, e-mail off': { contact_uuid: DEMO.ben },
};

const IDENTIFY_INPUTS: Record<string, Record<string, string>> = {
  "Anna's card": { value: DEMO.annaCard },
  'a card nobody holds': { value: DEMO.freeCard },
  'an inactive card': { value: 'CARD-9002' },
  "Anna's app code, used": { value: DEMO.annaAppToken },
  'a gift card': { value: DEMO.giftcardHash },
  'an unknown code': { value: 'NOTHING-KNOWN-HERE' },
  "Anna's e-mail": { email: DEMO.annaEmail },
  "Ben's e-mail": { email: 'ben@example.com' },
  'an unknown e-mail': { email: 'nobody-here@example.com' },
};

/** Before the call: nothing, or Anna proved it is her by scanning her card (where the session takes her). */
const BEFORE = ['nothing', 'Anna scanned her card'] as const;

describe('the component identifies as the counter does', () => {
  for (const [settingsName, settings] of Object.entries(SETTINGS)) {
    it(`PUT /{uuid}, ${settingsName}: every input answers the counter's answer`, async () => {
      // An app code is used once: both APIs meet it used (spent by the counter here).
      const warm = await openSession(t, '', {});
      await counter(warm, 'identify', { value: DEMO.annaAppToken });
      for (const [inputName, input] of Object.entries(IDENTIFY_INPUTS)) {
        const [ours, theirs] = [await openSession(t, '', settings), await openSession(t, '', settings)];
        const expected = await counterIdentify(ours, input);
        const before = await sessionState(t, theirs);
        const got = await v1Identify(theirs, input);
        expect({ input: inputName, outcome: got }).toEqual({ input: inputName, outcome: expected });
        if (got !== 'identified') expect((await sessionState(t, theirs)).contact).toEqual(before.contact);
      }
    });

    for (const before of BEFORE) {
      it(`link-identifier, ${settingsName}, ${before}: every address answers the counter's answer`, async () => {
        for (const email of [DEMO.annaEmail, 'ben@example.com', 'nobody-here@example.com']) {
          const [ours, theirs] = [await openSession(t, '', settings), await openSession(t, '', settings)];
          if (before === 'Anna scanned her card') {
            await counter(ours, 'identify', { value: DEMO.annaCard });
            await counter(theirs, 'identify', { value: DEMO.annaCard });
          }
          const expected = await counterLink(ours, email);
          const got = await v1Link(theirs, email, await unlinkedCard());
          expect({ email, outcome: got }).toEqual({ email, outcome: expected });
        }
      });
    }
  }

  it('link-identifier in a session of another type answers as the counter (no cards there)', async () => {
    const settings = { enable_email_identification: true, amount_in_cents: 500 };
    const [ours, theirs] = [
      await openSession(t, '/credit-reception', settings),
      await openSession(t, '/credit-reception', settings),
    ];
    await counter(ours, 'identify', { value: DEMO.annaCard });
    await counter(theirs, 'identify', { value: DEMO.annaCard });
    const expected = await counterLink(ours, DEMO.annaEmail);
    expect(expected).toEqual({ status: 403, code: 1003, reason: 'not_allowed_in_session' });
    expect(await v1Link(theirs, DEMO.annaEmail, await unlinkedCard())).toEqual(expected);
  });
});
