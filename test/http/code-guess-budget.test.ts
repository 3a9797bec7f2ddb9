import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WRONG_CODES_PER_ADDRESS,
  WRONG_CODES_PER_CONTACT,
} from '../../src/service/domain/contacts/guess-budgets';
import { createTestApp, type TestApp, twoProcesses, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { meCall, signedInContact } from '../helpers/me';
import { openSession, portalCall } from '../helpers/portal';
import { lastCodeSentTo } from '../helpers/verification';

/*
 * Guessing a six-digit code has a budget per person, not per code (docs/trust-model.md): each code
 * takes five tries, but a new code could be asked for again and again, so a contact takes
 * WRONG_CODES_PER_CONTACT wrong codes an hour in all — the counter's, the public API's and the
 * deletion codes of /me/, across resends and sessions — and a client address WRONG_CODES_PER_ADDRESS,
 * whoever it guesses for. Then every try, and every new code, is refused with 429
 * too_many_wrong_codes, Retry-After and the minutes in the message, until the hour is over. Kept
 * in the database: every process counts against the same budget. Called as an attacker would.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR_MS = 60 * 60_000;
const PUBLIC = '/api/v3/oauth/clients/contact-verification';
/** Any six digits but `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** A new contact of the test's own: its e-mail address. */
async function newEmail(app: TestApp = t): Promise<string> {
  const email = `${uniqueId('guess')}@example.com`;
  expect((await app.call({ method: 'POST', url: '/contacts', payload: { email } })).statusCode).toBe(201);
  return email;
}

const send = (email: string, remoteAddress = '10.9.0.1', app: TestApp = t) =>
  app.call({ method: 'POST', url: `${PUBLIC}/send`, payload: { email }, remoteAddress });
const verify = (
  email: string,
  code: string,
  remoteAddress = '10.9.0.1',
  app: TestApp = t,
  headers: Record<string, string> = {},
) => app.call({ method: 'POST', url: `${PUBLIC}/verify`, payload: { email, code }, remoteAddress, headers });

/** Expects the budget's refusal: 429, Retry-After within the hour, the minutes in the message. */
function expectSpent(res: Parameters<typeof expectReason>[0] & { headers: Record<string, unknown> }) {
  const body = expectReason(res, 'too_many_wrong_codes');
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(3600);
  expect(body.message).toContain(`${Math.ceil(seconds / 60)} minute`);
}

describe('the public contact verification (send, verify)', () => {
  it(`takes ${WRONG_CODES_PER_CONTACT} wrong codes a contact an hour across resends, then no try and no new code`, async () => {
    const email = await newEmail();
    let wrongSoFar = 0;
    let code = '';
    while (wrongSoFar < WRONG_CODES_PER_CONTACT) {
      expect((await send(email)).statusCode).toBe(200);
      code = lastCodeSentTo(t, email)!;
      for (let i = 0; i < 5 && wrongSoFar < WRONG_CODES_PER_CONTACT; i++, wrongSoFar++) {
        expectReason(await verify(email, wrong(code, i + 1)), 'verification_code_wrong');
      }
    }
    // Spent: the right code is not even checked, and no new code goes out.
    expectSpent(await verify(email, code));
    expectSpent(await send(email));
    expectSpent(await verify(email, code, '10.9.99.1'));
    // In Dutch too, with the minutes.
    const nl = await verify(email, code, '10.9.0.1', t, { 'accept-language': 'nl' });
    expect(nl.json().message).toMatch(/^Te veel verkeerde codes; probeer het over \d+ minuten? opnieuw/);
    // An hour later the contact may try again.
    t.clock.advance(HOUR_MS);
    expect((await send(email)).statusCode).toBe(200);
    expect((await verify(email, lastCodeSentTo(t, email)!)).statusCode).toBe(200);
  });

  it('a right code costs nothing of the budget', async () => {
    const email = await newEmail();
    for (let round = 0; round < 3; round++) {
      expect((await send(email)).statusCode).toBe(200);
      const code = lastCodeSentTo(t, email)!;
      for (let i = 0; i < 3; i++)
        expectReason(await verify(email, wrong(code, i + 1)), 'verification_code_wrong');
      expect((await verify(email, code)).statusCode).toBe(200);
    }
    // Nine wrong so far: one more is answered, then the budget is spent.
    expect((await send(email)).statusCode).toBe(200);
    const code = lastCodeSentTo(t, email)!;
    expectReason(await verify(email, wrong(code)), 'verification_code_wrong');
    expectSpent(await verify(email, wrong(code, 2)));
  });

  it(`takes ${WRONG_CODES_PER_ADDRESS} wrong codes a client address an hour, whichever contacts it guesses for`, async () => {
    const address = '10.9.1.1';
    let wrongSoFar = 0;
    while (wrongSoFar < WRONG_CODES_PER_ADDRESS) {
      const email = await newEmail();
      await send(email, address);
      const code = lastCodeSentTo(t, email)!;
      for (let i = 0; i < 5 && wrongSoFar < WRONG_CODES_PER_ADDRESS; i++, wrongSoFar++) {
        expectReason(await verify(email, wrong(code, i + 1), address), 'verification_code_wrong');
      }
    }
    const fresh = await newEmail();
    await send(fresh, '10.9.1.2');
    const code = lastCodeSentTo(t, fresh)!;
    expectSpent(await verify(fresh, code, address));
    // The contact's own budget is untouched: from another address the right code works.
    expect((await verify(fresh, code, '10.9.1.2')).statusCode).toBe(200);
  });
});

describe("the counter's verification, across sessions", () => {
  it(`takes ${WRONG_CODES_PER_CONTACT} wrong codes of a contact an hour, however many sessions ask`, async () => {
    const email = await newEmail();
    const session = async () => {
      const uuid = await openSession(t, '', { enable_email_identification: true });
      expect((await portalCall(t, {}, 'POST', uuid, 'identify', { email })).statusCode).toBe(200);
      return uuid;
    };
    const post = (uuid: string, action: string, payload: unknown = {}) =>
      portalCall(t, {}, 'POST', uuid, action, payload);
    let wrongSoFar = 0;
    let code = '';
    while (wrongSoFar < WRONG_CODES_PER_CONTACT) {
      const uuid = await session();
      expect((await post(uuid, 'verification/send')).statusCode).toBe(200);
      code = lastCodeSentTo(t, email)!;
      for (let i = 0; i < 5 && wrongSoFar < WRONG_CODES_PER_CONTACT; i++, wrongSoFar++) {
        expectReason(
          await post(uuid, 'verification/verify', { code: wrong(code, i + 1) }),
          'verification_code_wrong',
        );
      }
    }
    const next = await session();
    expectSpent(await post(next, 'verification/send'));
    // The session says so: no more codes here.
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${next}`, token: null });
    expect(state.json().data.contact_proof).toMatchObject({ proven: false, locked: true });
  });
});

describe("/me/'s deletion codes share the contact's budget", () => {
  it('a signed-in browser gets no endless codes to guess', async () => {
    const { cookie, email } = await signedInContact(t);
    const ask = () => meCall(t, cookie, { method: 'POST', path: '/deletion', payload: {} });
    const confirm = (code: string) =>
      meCall(t, cookie, { method: 'POST', path: '/deletion/confirm', payload: { code } });
    let wrongSoFar = 0;
    let code = '';
    while (wrongSoFar < WRONG_CODES_PER_CONTACT) {
      expect((await ask()).statusCode).toBe(202);
      code = lastCodeSentTo(t, email)!;
      for (let i = 0; i < 5 && wrongSoFar < WRONG_CODES_PER_CONTACT; i++, wrongSoFar++) {
        expectReason(await confirm(wrong(code, i + 1)), 'verification_code_wrong');
      }
    }
    expectSpent(await confirm(code));
    expectSpent(await ask());
    expect((await meCall(t, cookie, { method: 'GET', path: '/overview' })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two service processes', () => {
  const two = twoProcesses();
  it('count against one budget, kept in the database', async () => {
    const email = await newEmail(two.a);
    let wrongSoFar = 0;
    let code = '';
    while (wrongSoFar < WRONG_CODES_PER_CONTACT) {
      const app = wrongSoFar % 2 ? two.a : two.b;
      expect((await send(email, '10.9.2.1', app)).statusCode).toBe(200);
      code = lastCodeSentTo(app, email)!;
      for (let i = 0; i < 5 && wrongSoFar < WRONG_CODES_PER_CONTACT; i++, wrongSoFar++) {
        const through = i % 2 ? two.a : two.b;
        expectReason(await verify(email, wrong(code, i + 1), '10.9.2.1', through), 'verification_code_wrong');
      }
    }
    expectSpent(await verify(email, code, '10.9.2.2', two.a));
    expectSpent(await verify(email, code, '10.9.2.2', two.b));
  });
});
