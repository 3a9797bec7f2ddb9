import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, twoProcesses } from '../helpers/app';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * The session expiry job (jobs/session-expiry.ts), driven a round at a time by the test app's
 * clock: a session expires on time with no kiosk looking, once, however many processes look.
 */

const TTL_MS = 60 * 60_000;

/** The session's stored events as the POS reads them (public API; loads nothing in a kiosk's name). */
async function eventTypes(t: TestApp, uuid: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { type: string }[]).map((e) => e.type);
}

describe('portal sessions expire without any kiosk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a round at the TTL: session_expired once, heard by the POS stream, refused after; a second before it, nothing', async () => {
    const uuid = await openSession(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, {
      authorization: `Bearer ${DEMO.apiKey}`,
    });
    try {
      t.clock.advance(TTL_MS - 1000);
      await t.runSessionExpiry();
      expect(await eventTypes(t, uuid)).toEqual([]);

      t.clock.advance(1000);
      await t.runSessionExpiry();
      const expired = await stream.next(5000);
      expect(expired).toMatchObject({ event: 'portal_event', data: { type: 'session_expired' } });
      expect(expired.data.data).toEqual({ expired_at: '2026-11-21T11:00:00+00:00' });
      await t.runSessionExpiry();
      expect(await eventTypes(t, uuid)).toEqual(['session_expired']);
      const action = await t.call({
        method: 'POST',
        url: `/portal/api/sessions/${uuid}/identify`,
        token: null,
        payload: { value: 'CARD-0001' },
      });
      expect(action.statusCode).toBe(410);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  const two = twoProcesses();

  it('expire each session once: one session_expired event, however many look', async () => {
    const sessions = await Promise.all(Array.from({ length: 30 }, () => openSession(two.a)));
    two.a.clock.advance(TTL_MS);
    two.b.clock.advance(TTL_MS);
    // Both processes' jobs run, and kiosks load the sessions on both at the same time.
    await Promise.all([
      two.a.runSessionExpiry(),
      two.b.runSessionExpiry(),
      ...sessions.flatMap((uuid) =>
        [two.a, two.b].map((t) =>
          t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null }),
        ),
      ),
    ]);
    for (const uuid of sessions) expect(await eventTypes(two.b, uuid)).toEqual(['session_expired']);
  });

  it('with no kiosk at all, both jobs expire each once', async () => {
    const sessions = await Promise.all(Array.from({ length: 30 }, () => openSession(two.b)));
    two.a.clock.advance(TTL_MS);
    two.b.clock.advance(TTL_MS);
    await Promise.all([two.a.runSessionExpiry(), two.b.runSessionExpiry()]);
    for (const uuid of sessions) expect(await eventTypes(two.a, uuid)).toEqual(['session_expired']);
  });
});
