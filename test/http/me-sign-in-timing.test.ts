import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueId } from '../helpers/app';
import { mailsSentTo } from '../helpers/verification';

/*
 * "E-mail me a sign-in link" must not tell who is a customer (docs/me.md): the answer is the same
 * 202 {} for any address, and it must cost the same time too. An attacker times pairs of tries, a
 * known address and an unknown one; so does this test, robustly on a loaded machine: many pairs,
 * each pair's order alternated, each try timed once the last one's work is over, the ratio of
 * each pair's times, and their median compared with a generous bound (a customer's address took about twice as long, in 97-100 % of the pairs, while
 * the link was made and stored before the answer). A second test proves that the answer never
 * waits for the mail: a mail server that accepts the connection and never speaks.
 */

const PAIRS = 25;
/** How much slower a known address may answer, as the median of the pairs' ratios. */
const BOUND = 1.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe('e-mailed sign-in links take the same time for a known and an unknown address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No rate limit: the test asks for many links from one client address.
    t = await createTestApp({ argv: ['--rate-limit', '0'] });
  });
  afterAll(async () => t?.close());

  const ask = async (email: string) => {
    const started = performance.now();
    const res = await t.call({
      method: 'POST',
      url: '/me/api/sign-in-link',
      token: null,
      payload: { email },
    });
    const took = performance.now() - started;
    expect([res.statusCode, res.body]).toEqual([202, '{}']);
    return took;
  };

  // The work a try leaves behind (looking up, storing, mailing) is over before the next is timed:
  // a link asked for a sentinel customer after it, whose mail has arrived (SQLite runs the
  // transactions one at a time, in order; on PostgreSQL the unknown's is a single read).
  const sentinel = `${uniqueId('sentinel')}@example.com`;
  let sentinelMails = 0;
  const settle = async () => {
    await ask(sentinel);
    sentinelMails += 1;
    await expect.poll(() => mailsSentTo(t, sentinel)).toBe(sentinelMails);
  };

  it(`over ${PAIRS} paired tries, the median ratio known/unknown stays under ${BOUND}`, async () => {
    expect(
      (await t.call({ method: 'POST', url: '/contacts', payload: { email: sentinel } })).statusCode,
    ).toBe(201);
    const known: string[] = [];
    for (let i = 0; i < PAIRS + 3; i++) {
      const email = `${uniqueId('timing')}@example.com`;
      expect((await t.call({ method: 'POST', url: '/contacts', payload: { email } })).statusCode).toBe(201);
      known.push(email);
    }
    const ratios: number[] = [];
    for (let i = 0; i < known.length; i++) {
      const email = known[i]!;
      const unknown = `${uniqueId('nobody')}@example.com`;
      let knownMs: number;
      let unknownMs: number;
      if (i % 2 === 0) {
        knownMs = await ask(email);
        await settle();
        unknownMs = await ask(unknown);
        await settle();
      } else {
        unknownMs = await ask(unknown);
        await settle();
        knownMs = await ask(email);
        await settle();
      }
      expect(mailsSentTo(t, email)).toBe(1);
      // The first pairs warm up.
      if (i >= 3) ratios.push(knownMs / Math.max(unknownMs, 0.05));
    }
    expect(ratios).toHaveLength(PAIRS);
    expect(median(ratios), `ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}`).toBeLessThan(BOUND);
  });
});

describe('the answer does not wait for the mail', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that takes the connection and never says a word.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    t = await createTestApp({ argv: ['--smtp-url', `smtp://127.0.0.1:${port}`] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  it('a known address answers 202 while its mail cannot be delivered', async () => {
    const email = `${uniqueId('stuck')}@example.com`;
    expect((await t.call({ method: 'POST', url: '/contacts', payload: { email } })).statusCode).toBe(201);
    const res = await t.call({
      method: 'POST',
      url: '/me/api/sign-in-link',
      token: null,
      payload: { email },
    });
    expect([res.statusCode, res.body]).toEqual([202, '{}']);
    // The mail is under way: the server got its connection, and it is still open.
    await expect.poll(() => sockets.size).toBeGreaterThan(0);
  });
});
