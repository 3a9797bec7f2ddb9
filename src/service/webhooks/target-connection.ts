import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  literalAddress,
  type TargetRefusal,
  targetRefusal,
  urlPort,
  type WebhookTargetPolicy,
} from '../domain/webhooks/targets';

/** Resolves a host name to every address it has (tests give a resolver of their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as any connection uses), every address in its order. */
export const SYSTEM_RESOLVE: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** A delivery the policy refused before any connection: the target is not told. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
  constructor(readonly refusal: TargetRefusal) {
    super(`webhook target refused: ${refusal}`);
  }
}

/**
 * The `lookup` of a delivery's connection: it resolves the name once, refuses all when one of its
 * addresses is refused by the policy, and hands the checked addresses to the socket, which
 * connects to them and to nothing resolved later (no DNS-rebinding window between check and
 * connect).
 */
function checkedLookup(policy: WebhookTargetPolicy, port: number, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((a) => family === 0 || a.family === family);
        const refused = found.map((a) => targetRefusal(a.address, port, policy)).find((r) => r !== null);
        if (refused) return callback(new TargetRefused(refused), '', 0);
        const first = addresses[0];
        if (!first) {
          return callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        }
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** One webhook POST: where, what, and what may stop it. */
export interface TargetRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  policy: WebhookTargetPolicy;
  resolve: Resolve;
}

/**
 * POSTs a delivery to the address the policy allows, on a connection of its own (no pooled socket
 * outlives its check), never following a redirect and not reading the answer's body.
 * @returns the answer's HTTP status.
 * @throws TargetRefused when the URL's address, or an address its name resolves to, is refused;
 * the connection's error otherwise (an AbortError when `signal` fires).
 */
export function postToTarget({
  url,
  headers,
  body,
  signal,
  policy,
  resolve,
}: TargetRequest): Promise<number> {
  const target = new URL(url);
  const port = urlPort(target);
  // An IP address in the URL is connected to without a lookup: it is checked here.
  const literal = literalAddress(target);
  const refusal = literal === undefined ? null : targetRefusal(literal, port, policy);
  if (refusal) return Promise.reject(new TargetRefused(refusal));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolvePost, reject) => {
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      signal,
      agent: false,
      lookup: checkedLookup(policy, port, resolve),
    });
    req.once('response', (res) => {
      resolvePost(res.statusCode ?? 0);
      res.destroy();
    });
    // On, not once: a socket torn down after the answer may still report an error.
    req.on('error', reject);
    req.end(body);
  });
}
