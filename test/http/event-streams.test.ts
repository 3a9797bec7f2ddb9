import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { openSession, portalCall } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * Event streams are capped per session, per client address and in all, and end with their session
 * or their credential (docs/operations.md "Event streams").
 */

let t: TestApp | undefined;
const streams: { close(): void }[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await t?.close();
  t = undefined;
});

/** A listening app (event streams need a real connection); answers its base URL. */
async function listening(argv: string[] = []): Promise<{ t: TestApp; base: string }> {
  t = await createTestApp({ argv });
  return { t, base: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
}

/**
 * GET `url` from `localAddress`: the status and, for a refusal, the JSON body; an accepted stream
 * is kept open until the test ends.
 */
function openFrom(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; json(): unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers }, (res) => {
      if (res.statusCode === 200) {
        streams.push({ close: () => req.destroy() });
        resolve({ statusCode: 200, json: () => undefined });
        return;
      }
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const api = { authorization: `Bearer ${DEMO.apiKey}` };

describe('event stream caps', () => {
  it('refuses a stream past the cap of its session with 429 and the error body; others still open', async () => {
    const { t, base } = await listening(['--max-streams-per-session', '2']);
    const uuid = await openSession(t);
    const kiosk = `${base}/portal/api/sessions/${uuid}/stream`;
    expect((await openFrom(kiosk, '127.0.0.1')).statusCode).toBe(200);
    expect(
      (await openFrom(`${base}/portal-sessions/${uuid}/events/stream`, '127.0.0.1', api)).statusCode,
    ).toBe(200);
    const refused = await openFrom(kiosk, '127.0.0.1');
    expectReason(refused, 'too_many_streams');
    // A percent-encoded uuid is the same session.
    const encoded = uuid.replace(/[0-9a-f]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
    expectReason(
      await openFrom(`${base}/portal/api/sessions/${encoded}/stream`, '127.0.0.1'),
      'too_many_streams',
    );
    const other = await openSession(t);
    expect((await openFrom(`${base}/portal/api/sessions/${other}/stream`, '127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses a stream past the cap of its client address, and past the cap of the process', async () => {
    const { t, base } = await listening(['--max-streams-per-address', '2', '--max-streams', '3']);
    const sessions = await Promise.all([1, 2, 3, 4].map(() => openSession(t)));
    const stream = (i: number) => `${base}/portal/api/sessions/${sessions[i]}/stream`;
    expect((await openFrom(stream(0), '127.0.0.2')).statusCode).toBe(200);
    expect((await openFrom(stream(1), '127.0.0.2')).statusCode).toBe(200);
    expectReason(await openFrom(stream(2), '127.0.0.2'), 'too_many_streams');
    // Another address still gets one, up to the process's cap.
    expect((await openFrom(stream(2), '127.0.0.3')).statusCode).toBe(200);
    expectReason(await openFrom(stream(3), '127.0.0.4'), 'too_many_streams');
    // A closed stream frees its place.
    streams.shift()?.close();
    await expect
      .poll(async () => {
        const res = await openFrom(stream(3), '127.0.0.4');
        return res.statusCode;
      })
      .toBe(200);
  });
});

describe('event stream caps fit a chain', () => {
  it('with the default caps, one process alone holds a 500-counter chain’s streams (its peer died)', async () => {
    // bench:fleet with --workers 2: 500 standby tablets, 100 consoles and the session streams of
    // the sessions under way, ~900 streams, reconnected to the one process left after a kill.
    // 1,000 streams from 200 shop addresses (5 each), 10 on each of 100 sessions.
    const { t, base } = await listening();
    const sessions = await Promise.all(Array.from({ length: 100 }, () => openSession(t)));
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const opened = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const stream = batch * 100 + i;
          const shop = Math.floor(stream / 5);
          return openFrom(
            `${base}/portal/api/sessions/${sessions[stream % 100]}/stream`,
            `127.2.${Math.floor(shop / 256)}.${(shop % 256) + 1}`,
          );
        }),
      );
      statuses.push(...opened.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 60_000);
});

describe('a stream ends with its session', () => {
  it('sends the last event and ends when the session is cancelled; a reconnect answers 204', async () => {
    const { t, base } = await listening();
    const uuid = await openSession(t);
    const kiosk = await readEvents(`${base}/portal/api/sessions/${uuid}/stream`);
    const pos = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, api);
    streams.push(kiosk, pos);
    const cancelled = await portalCall(t, {}, 'POST', uuid, 'cancel', {});
    expect(cancelled.statusCode).toBe(200);
    const last = await kiosk.next();
    expect(last.data.type).toBe('session_cancelled');
    await kiosk.ended();
    expect((await pos.next()).data.type).toBe('session_cancelled');
    await pos.ended();

    const again = await fetch(`${base}/portal/api/sessions/${uuid}/stream`, {
      headers: { 'last-event-id': last.id! },
    });
    expect(again.status).toBe(204);
    // Without Last-Event-ID, the stored events, then the end.
    const replay = await readEvents(`${base}/portal/api/sessions/${uuid}/stream`);
    streams.push(replay);
    expect((await replay.next()).data.type).toBe('session_cancelled');
    await replay.ended();
  });

  it('ends when the POS cancels the session: the kiosk’s, the POS’s and the console’s streams', async () => {
    const { t, base } = await listening();
    const cookie = await pair(t, CASHIER.amsterdam);
    const uuid = await openSession(t);
    const kiosk = await readEvents(`${base}/portal/api/sessions/${uuid}/stream`);
    const pos = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, api);
    const cashier = await readEvents(`${base}/cashier/api/sessions/${uuid}/stream`, { cookie });
    streams.push(kiosk, pos, cashier);
    const cancelled = await t.call({ method: 'POST', url: `/portal-sessions/${uuid}/cancel`, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await kiosk.next()).data).toMatchObject({ type: 'session_cancelled', data: { by: 'pos' } });
    expect((await pos.next()).data).toMatchObject({ type: 'session_cancelled', data: { by: 'pos' } });
    await Promise.all([kiosk.ended(), pos.ended(), cashier.ended()]);
  });

  it('ends when the session expires', async () => {
    const { t, base } = await listening(['--session-ttl', '1']);
    const uuid = await openSession(t);
    const kiosk = await readEvents(`${base}/portal/api/sessions/${uuid}/stream`);
    streams.push(kiosk);
    t.clock.advance(61_000);
    await t.runSessionExpiry();
    expect((await kiosk.next()).data.type).toBe('session_expired');
    await kiosk.ended();
  });
});

describe('a stream ends with its credential', () => {
  it('unpairing the console ends its streams: the shop stream and a session stream', async () => {
    const { t, base } = await listening();
    const cookie = await pair(t, CASHIER.amsterdam);
    const shop = await readEvents(`${base}/cashier/api/stream`, { cookie });
    const uuid = await openSession(t);
    expect((await shop.next()).data).toMatchObject({ session: uuid });
    const session = await readEvents(`${base}/cashier/api/sessions/${uuid}/stream`, { cookie });
    streams.push(shop, session);
    const other = await pair(t, CASHIER.amsterdam);
    const untouched = await readEvents(`${base}/cashier/api/stream`, { cookie: other });
    streams.push(untouched);

    const unpaired = await consoleCall(t, cookie, 'POST', '/unpair');
    expect(unpaired.statusCode).toBe(200);
    await shop.ended();
    await session.ended();
    // The shop's next session reaches the console still paired, not the unpaired one.
    const next = await openSession(t);
    expect((await untouched.next()).data).toMatchObject({ session: next });
  });
});
