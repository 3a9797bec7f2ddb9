import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/** How often Node looks for requests past the headers or request timeout. */
const TIMEOUT_CHECK_MS = 1000;

/** Whether a connection's peer is a trusted proxy: `trusted(address, hop)` as Fastify's trustProxy takes it. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The trust function of `--trust-proxy` (docs/operations.md "Behind a proxy"): a list of addresses
 * and ranges is compiled by @fastify/proxy-addr, as Fastify does it; a hop count trusts that many
 * nearest hops whatever their address (only safe when clients cannot reach the service but through
 * them). Undefined: no proxy is trusted.
 */
export function proxyTrust(option: Config['trustProxy']): ProxyTrust | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'number') return (_address, hop) => hop < option;
  return proxyAddr.compile(option);
}

/**
 * Fastify's server options for the timeouts of docs/operations.md "Timeouts": the request line
 * and headers within `headersTimeout`, the whole request (body included) within `requestTimeout`
 * (Node answers 408 and closes), no byte either way for `idleTimeout` (closed), an idle keep-alive
 * connection kept for `keepAliveTimeout`. `serverOptions` are Node's own (http and https alike).
 */
export function timeoutOptions(limits: Config['limits']) {
  return {
    connectionTimeout: limits.idleTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    serverOptions: {
      headersTimeout: limits.headersTimeoutSeconds * 1000,
      requestTimeout: limits.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
  };
}

/**
 * Files a process keeps for what is not a connection (database, listener, served files, logs):
 * 256, or a quarter of a lower limit, so that a small limit (256) still leaves connections.
 */
function filesBesidesConnections(fileLimit: number): number {
  return Math.min(256, Math.floor(fileLimit / 4));
}

/** This process's soft limit of open files (`ulimit -n`), where the system tells it (Linux). */
export function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!line?.[1] || line[1] === 'unlimited') return undefined;
    return Number(line[1]);
  } catch {
    return undefined;
  }
}

/**
 * Caps the open connections of `server` (docs/operations.md "Caps"): `maxConnections` in all, or
 * the open-file limit less filesBesidesConnections when that is lower (Node refuses more), `maxConnectionsPerAddress` from one client address — a connection past it
 * is closed at once, so that one client cannot hold every connection (a health check from
 * elsewhere still gets in). Connections from a trusted proxy are not counted per address: they
 * carry many clients, whose requests the stream and rate limits count by their own address.
 */
export function capConnections(
  server: Server,
  limits: Config['limits'],
  trusted: ProxyTrust | undefined,
  log: FastifyBaseLogger,
): void {
  // Past the file limit a connection would fail in accept() instead of being closed at the cap.
  const fileLimit = openFileLimit();
  server.maxConnections =
    fileLimit === undefined
      ? limits.maxConnections
      : Math.min(limits.maxConnections, Math.max(1, fileLimit - filesBesidesConnections(fileLimit)));
  const open = new Map<string, number>();
  let warned = 0;
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || trusted?.(peer, 0)) return;
    // An IPv6 client counts by its /64, as the rate limits count it.
    const address = normalizeIP(peer);
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      // One line a minute at most, however long the flood.
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        log.warn({ address, limit: limits.maxConnectionsPerAddress }, 'connections per address capped');
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
