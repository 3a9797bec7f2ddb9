import { get as httpGet, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  builtCliTests,
  type CliProcess,
  freePort,
  spawnCli,
  tempDataDir,
  waitForBanner,
} from '../helpers/cli';

/*
 * One hostile client against the built service, run under a low file limit (`ulimit -n 256`): slow
 * bodies, silent connections and floods of event streams. Its connections come from 127.0.0.2; the
 * health checks from 127.0.0.1 must be answered throughout (docs/operations.md "Timeouts and caps").
 */

const FILE_LIMIT = 256;
const REQUEST_TIMEOUT_S = 2;
/** Node looks for requests past their timeout once a second (http/connections.ts). */
const TIMEOUT_CHECK_MS = 1000;
const PER_ADDRESS = 40;
const ATTACKER = '127.0.0.2';

const cleanups = builtCliTests();

async function start(extra: string[] = []): Promise<{ cli: CliProcess; url: string; port: number }> {
  const folder = tempDataDir();
  cleanups.push(folder.remove);
  const port = await freePort();
  const cli = spawnCli(
    [
      '--port',
      String(port),
      '--data',
      folder.dir,
      '--log-level',
      'warn',
      '--request-timeout',
      String(REQUEST_TIMEOUT_S),
      '--headers-timeout',
      String(REQUEST_TIMEOUT_S),
      '--max-connections',
      '150',
      '--max-connections-per-address',
      String(PER_ADDRESS),
      ...extra,
    ],
    { fileLimit: FILE_LIMIT },
  );
  cleanups.push(() => cli.stop('SIGKILL'));
  return { cli, url: await waitForBanner(cli), port };
}

/** GET `path` on a new connection from 127.0.0.1; answers the status (0: no answer within 2 s). */
function probe(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port, path, agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Probes /healthz and /readyz one after the other until `stop()`; answers every status seen. */
function healthProbes(port: number): { stop(): Promise<number[]> } {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.push(await probe(port, '/healthz'), await probe(port, '/readyz'));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return statuses;
    },
  };
}

/** A connection from the attacker's address; `closed` resolves with the ms it stayed open. */
function attackerSocket(port: number): { socket: Socket; closed: Promise<number> } {
  const opened = Date.now();
  const socket = connect({ host: '127.0.0.1', port, localAddress: ATTACKER });
  socket.on('error', () => undefined);
  socket.resume();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, closed };
}

describe('a client that holds connections', () => {
  it('a body dripped a byte at a time and a connection that sends nothing are closed at the request timeout; health answers throughout', async () => {
    const { port } = await start();
    const health = healthProbes(port);
    const drips: NodeJS.Timeout[] = [];
    cleanups.push(() => drips.forEach(clearInterval));
    const slow = Array.from({ length: 300 }, (_, i) => {
      const connection = attackerSocket(port);
      if (i % 4 === 0) return connection; // silent: not even a request line
      connection.socket.write(
        'POST /oauth/token HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      drips.push(setInterval(() => connection.socket.write(' '), 300));
      return connection;
    });
    const lifetimes = await Promise.all(slow.map((s) => s.closed));
    const statuses = await health.stop();

    // Past the per-address cap, connections are closed at once; the others at the timeout.
    const bound = REQUEST_TIMEOUT_S * 1000 + TIMEOUT_CHECK_MS + 1000;
    expect(Math.max(...lifetimes)).toBeLessThan(bound);
    expect(lifetimes.filter((ms) => ms >= REQUEST_TIMEOUT_S * 1000).length).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(4);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 30_000);
});

/**
 * GET an event stream from the attacker's address: `status` resolves with 200 (the stream is kept
 * open), the refusal's status, or 0 when the connection was closed; `ended` when the service closes it.
 */
function attackerStream(port: number, path: string): { status: Promise<number>; ended: Promise<void> } {
  let ended: () => void = () => undefined;
  const endedPromise = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const status = new Promise<number>((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, localAddress: ATTACKER, agent: false },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        res.on('close', ended);
      },
    );
    req.on('error', () => {
      resolve(0);
      ended();
    });
    cleanups.push(() => req.destroy());
    req.end();
  });
  return { status, ended: endedPromise };
}

describe('a client that floods event streams', () => {
  it('gets its streams capped per session and per address (429), health answers throughout, and a session that ends closes its streams', async () => {
    const { url, port } = await start(['--max-streams-per-address', '30']);
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/portal-sessions`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-api-key', 'content-type': 'application/json' },
        body: JSON.stringify({ shop_uuid: 'a0000000-0000-4000-8000-000000000001' }),
      });
      sessions.push(((await res.json()) as { data: { uuid: string } }).data.uuid);
    }
    const health = healthProbes(port);
    const flood = Array.from({ length: 300 }, (_, i) =>
      attackerStream(port, `/portal/api/sessions/${sessions[i % 4]}/stream`),
    );
    const statuses = await Promise.all(flood.map((s) => s.status));
    const open = statuses.filter((s) => s === 200).length;
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(30);
    expect(statuses.every((s) => s === 200 || s === 429 || s === 0)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    // The first session ends: every stream of it is closed.
    const cancelled = await fetch(`${url}/portal/api/sessions/${sessions[0]}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cancelled.status).toBe(200);
    await Promise.all(flood.filter((_, i) => i % 4 === 0).map((s) => s.ended));
    expect((await health.stop()).every((s) => s === 200)).toBe(true);
  }, 30_000);
});
