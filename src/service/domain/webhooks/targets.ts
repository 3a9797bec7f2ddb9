import ipaddr from 'ipaddr.js';
import { ServiceError } from '../shared/errors';

/*
 * Where webhook deliveries may go (docs/webhooks.md "Where deliveries may go"): the one rule, read
 * when a subscription's URL is set and again by the dispatcher for every address a name resolves
 * to, just before it connects (webhooks/target-connection.ts). Addresses are classified by
 * ipaddr.js's ranges, not by hand.
 */

/** An address and port the service itself answers on; `*`: every address of this machine. */
export interface OwnEndpoint {
  address: string;
  port: number;
}

/** What the rule needs of the running service. */
export interface WebhookTargetPolicy {
  /** Loopback and private ranges may be reached (`--webhook-allow-private-networks`). */
  allowPrivateNetworks: boolean;
  /** Where the service answers now (its port is known once it listens). */
  ownEndpoints(): OwnEndpoint[];
  /** This machine's own addresses, for a service bound to every interface. */
  localAddresses(): string[];
}

/**
 * Why an address is refused: `forbidden` (link-local and cloud metadata, unspecified, multicast,
 * broadcast, reserved), `private` (loopback and private ranges, unless allowed), `own` (the
 * service's own address and port).
 */
export type TargetRefusal = 'forbidden' | 'private' | 'own';

const PUBLIC_V4 = new Set(['unicast', 'as112', 'amt']);
const PRIVATE_V4 = new Set(['loopback', 'private', 'carrierGradeNat']);
const PUBLIC_V6 = new Set(['unicast', 'as112v6', 'amt']);
const PRIVATE_V6 = new Set(['loopback', 'uniqueLocal']);

// The IPv4 address an IPv6 address carries and reaches (mapped, translated, NAT64, 6to4,
// IPv4-compatible), else undefined.
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
    return new ipaddr.IPv4(bytes.slice(12));
  }
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === 'unicast' && bytes.slice(0, 12).every((b) => b === 0)) {
    return new ipaddr.IPv4(bytes.slice(12));
  }
  return undefined;
}

/** The kind of an address: `public`, `private` or `forbidden`; what no parser reads is forbidden. */
export function addressKind(address: string): 'public' | 'private' | 'forbidden' {
  if (!ipaddr.isValid(address)) return 'forbidden';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v4 = embeddedIPv4(parsed as ipaddr.IPv6);
    if (v4) parsed = v4;
  }
  const range = parsed.range();
  if (parsed.kind() === 'ipv4') {
    if (PUBLIC_V4.has(range)) return 'public';
    return PRIVATE_V4.has(range) ? 'private' : 'forbidden';
  }
  if (PUBLIC_V6.has(range)) return 'public';
  return PRIVATE_V6.has(range) ? 'private' : 'forbidden';
}

// One spelling of an address (IPv4-mapped IPv6 as IPv4), to compare two.
function normalized(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toNormalizedString() : address;
}

function isOwn(address: string, port: number, policy: WebhookTargetPolicy): boolean {
  const mine = normalized(address);
  const local = () => new Set(['127.0.0.1', '::1', ...policy.localAddresses()].map(normalized));
  return policy.ownEndpoints().some((own) => {
    if (own.port !== port) return false;
    if (own.address === '*') return local().has(mine);
    return normalized(own.address) === mine;
  });
}

/**
 * Whether a delivery may connect to `address` (an IP address) on `port`: null, or why not.
 * Forbidden ranges always; loopback and private ranges unless the policy allows them; the
 * service's own address and port always.
 */
export function targetRefusal(
  address: string,
  port: number,
  policy: WebhookTargetPolicy,
): TargetRefusal | null {
  const kind = addressKind(address);
  if (kind === 'forbidden') return 'forbidden';
  if (isOwn(address, port, policy)) return 'own';
  if (kind === 'private' && !policy.allowPrivateNetworks) return 'private';
  return null;
}

/** The port a URL connects to (its own, else its scheme's). */
export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The IP address a URL's host names literally (brackets off), else undefined (a name). */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) && (host.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(host))
    ? host
    : undefined;
}

// Names that are loopback by definition (RFC 6761), whatever a resolver says.
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

const MESSAGES: Record<TargetRefusal, { field: string; en: string; nl: string }> = {
  forbidden: {
    field:
      'must not point at a link-local (cloud metadata), unspecified, multicast, broadcast or reserved address',
    en: 'Webhooks are not delivered to link-local, unspecified, multicast, broadcast or reserved addresses',
    nl: 'Webhooks worden niet bezorgd op link-local-, niet-gespecificeerde, multicast-, broadcast- of gereserveerde adressen',
  },
  private: {
    field: 'must not point at a loopback or private network address',
    en: 'This service does not deliver webhooks to loopback or private network addresses',
    nl: 'Deze dienst bezorgt geen webhooks op loopback- of privénetwerkadressen',
  },
  own: {
    field: 'must not point at this service itself',
    en: 'Webhooks are not delivered to this service itself',
    nl: 'Webhooks worden niet bezorgd op deze dienst zelf',
  },
};

/**
 * Checks a subscription's URL where it is set (create, update): a host that is an IP address
 * (in any spelling the URL parser reads, `2852039166`, `0xa9fea9fe`, `[::ffff:a9fe:a9fe]`) or
 * `localhost` must be one the policy allows. A name is checked again, resolved, at every
 * delivery, where what it resolves to then decides.
 * @throws ServiceError 1003 (reason webhook_url_not_allowed) naming `url`.
 */
export function checkWebhookUrl(url: string, policy: WebhookTargetPolicy): void {
  const parsed = new URL(url);
  const port = urlPort(parsed);
  const literal = literalAddress(parsed);
  const addresses = literal ? [literal] : LOOPBACK_NAME.test(parsed.hostname) ? ['127.0.0.1', '::1'] : [];
  for (const address of addresses) {
    const refusal = targetRefusal(address, port, policy);
    if (refusal) {
      const { field, en, nl } = MESSAGES[refusal];
      throw new ServiceError(1003, {
        reason: 'webhook_url_not_allowed',
        detail: { en, nl },
        fields: { url: [`The url ${field}.`] },
      });
    }
  }
}
