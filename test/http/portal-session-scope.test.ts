import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * A register key acts for its shop: it reads only its own shop's portal sessions, their events and
 * event streams, and it can end a session of its shop (POST /portal-sessions/{uuid}/cancel); the
 * shop's standby screens leave the cancelled session.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const read = (path: string, token: string) => t.call({ method: 'GET', url: path, token });
const cancel = (uuid: string, token: string) =>
  t.call({ method: 'POST', url: `/portal-sessions/${uuid}/cancel`, token });

describe("another shop's register key", () => {
  it("reads none of Amsterdam's sessions, events or streams, on every surface", async () => {
    const uuid = await openSession(t, '', {});
    for (const prefix of ['', '/api/v3/register', '/api/v3/oauth/clients']) {
      for (const path of [
        `/portal-sessions/${uuid}`,
        `/portal-sessions/${uuid}/events`,
        `/portal-sessions/${uuid}/events/stream`,
      ]) {
        const res = await read(`${prefix}${path}`, DEMO.registerKeyUtrecht);
        expect(res.statusCode, `${prefix}${path}`).toBe(404);
        expect(res.json().code).toBe(1003);
      }
    }
    expect((await read(`/portal-sessions/${uuid}`, DEMO.registerKey)).statusCode).toBe(200);
    expect((await read(`/portal-sessions/${uuid}/events`, DEMO.apiKey)).statusCode).toBe(200);
  });

  it('cannot end it', async () => {
    const uuid = await openSession(t, '', {});
    expect((await cancel(uuid, DEMO.registerKeyUtrecht)).statusCode).toBe(404);
    expect((await sessionState(t, uuid)).status).toBe('open');
  });
});

describe('POST /portal-sessions/{uuid}/cancel', () => {
  it('ends the session for the POS: the screen accepts nothing more, the standby screen leaves it', async () => {
    const uuid = await openSession(t, '/pay-prepaid', { contact_uuid: DEMO.anna, amount_in_cents: 500 });
    const device = await t.call({ method: 'GET', url: `/portal/api/devices/${DEMO.device}`, token: null });
    expect(device.json().data.session?.uuid).toBe(uuid);

    const res = await cancel(uuid, DEMO.registerKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ uuid, contact: { uuid: DEMO.anna } });
    const state = await sessionState(t, uuid);
    expect(state.status).toBe('cancelled');
    expect(state.events.at(-1)).toMatchObject({
      type: 'session_cancelled',
      data: { status: 'cancelled', by: 'pos' },
    });
    expectReason(await portalCall(t, {}, 'POST', uuid, 'prepaid/pay', {}), 'portal_session_ended');
    const after = await t.call({ method: 'GET', url: `/portal/api/devices/${DEMO.device}`, token: null });
    expect(after.json().data.session).toBeNull();

    expectReason(await cancel(uuid, DEMO.registerKey), 'portal_session_ended');
  });

  it('says whether the screen or the POS ended it', async () => {
    const uuid = await openSession(t, '', {});
    await portalCall(t, {}, 'POST', uuid, 'cancel', {});
    expect((await sessionState(t, uuid)).events.at(-1)?.data).toMatchObject({ by: 'screen' });
  });

  it('refuses an expired session (410)', async () => {
    const uuid = await openSession(t, '', {});
    t.clock.advance(61 * 60_000);
    expectReason(await cancel(uuid, DEMO.apiKey), 'portal_session_expired');
  });
});
