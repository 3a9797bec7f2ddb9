import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, twoProcesses } from '../helpers/app';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

const TTL_MS = 60 * 60_000;

/** The session's stored events as the POS reads them (public API; loads nothing in a kiosk's name). */
async function eventTypes(t: TestApp, uuid: string): Promise<string[]> {
  const res = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { type: string }[]).map((e) => e.type);
}

async function waitFor<T>(what: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('portal sessions expire without any kiosk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('within 5 s of the TTL: session_expired once, heard by the POS stream, refused after', async () => {
    const uuid = await openSession(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, {
      authorization: `Bearer ${DEMO.apiKey}`,
    });
    try {
      t.clock.advance(TTL_MS - 1000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await eventTypes(t, uuid)).toEqual([]);

      t.clock.advance(1000);
      const expired = await stream.next(5000);
      expect(expired).toMatchObject({ event: 'portal_event', data: { type: 'session_expired' } });
      expect(expired.data.data).toEqual({ expired_at: '2026-11-21T11:00:00+00:00' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
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
    await Promise.all(
      sessions.flatMap((uuid) =>
        [two.a, two.b].map((t) =>
          t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null }),
        ),
      ),
    );
    for (const uuid of sessions) {
      const types = await waitFor(
        () => eventTypes(two.b, uuid),
        (v) => v.length > 0,
        5000,
      );
      expect(types).toEqual(['session_expired']);
    }
  });

  it('with no kiosk at all, each expires once within 5 s', async () => {
    const sessions = await Promise.all(Array.from({ length: 30 }, () => openSession(two.b)));
    two.a.clock.advance(TTL_MS);
    two.b.clock.advance(TTL_MS);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const uuid of sessions) expect(await eventTypes(two.a, uuid)).toEqual(['session_expired']);
  });
});
