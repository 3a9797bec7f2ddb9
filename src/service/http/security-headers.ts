import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/*
 * Security headers (docs/operations.md "Security headers"). Every response: `nosniff`, and HSTS when
 * the request came over TLS (directly, or through a trusted proxy). The pages — the kiosk, the
 * cashier console, the /me/ page, the API reference, the start page — each under @fastify/helmet in their own scope, with a
 * content security policy of their own: scripts only from this service (a page's own inline script
 * by its hash, never 'unsafe-inline'), framing only by the allowed origins, no referrer.
 */

/** HSTS under TLS: a year (no subdomains: the service may share its domain). */
const HSTS = 'max-age=31536000';

/** CSP directives, as helmet takes them. */
type Directives = Record<string, string[]>;

/**
 * Adds `X-Content-Type-Options: nosniff` to every response (API JSON included) and
 * `Strict-Transport-Security` to every response of a request that came over TLS.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The CSP sources of a page's own inline scripts: `'sha256-…'` of each `<script>` without `src`
 * that runs (a JSON data block does not).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** What every page allows: its own scripts, styles, pictures and calls; no plugins, no base, no forms. */
function pageDirectives(frameAncestors: string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React sets styles through the DOM; the built CSS comes from this service.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Pictures of the account: shipped ones from here, others from their own address.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': frameAncestors.length > 0 ? frameAncestors : ["'none'"],
  };
}

/**
 * The kiosk's policy: its inline script by hash (`inlineScripts`, from the built index.html), the
 * camera decoder's WebAssembly, and framing by the POS pages of `--allowed-origins` only.
 */
export function kioskDirectives(inlineScripts: string[], allowedOrigins: string[]): Directives {
  const page = pageDirectives(allowedOrigins);
  return {
    ...page,
    'script-src': ["'self'", ...inlineScripts, "'wasm-unsafe-eval'"],
    'worker-src': ["'self'"],
  };
}

/** The cashier console's policy: nothing inline, never framed (its buttons act). */
export function consoleDirectives(): Directives {
  return pageDirectives([]);
}

/**
 * The customer's own page /me/ and its API: its inline script by hash (`inlineScripts`, from the
 * built page), never framed (it holds a customer), nothing else inline.
 */
export function meDirectives(inlineScripts: string[]): Directives {
  const page = pageDirectives([]);
  return { ...page, 'script-src': ["'self'", ...inlineScripts] };
}

/** Swagger UI's policy at /docs: its scripts and styles from here; "Try it out" calls this service. */
export function docsDirectives(): Directives {
  return { ...pageDirectives([]), 'form-action': ["'self'"] };
}

/**
 * The start page's policy at /: no script at all; its one form posts to this service, which answers
 * with a redirect to the kiosk at `portalUrl` (form-action covers the redirect too).
 */
export function startPageDirectives(portalUrl: string): Directives {
  const kiosk = URL.canParse(portalUrl) ? [new URL(portalUrl).origin] : [];
  return { ...pageDirectives([]), 'script-src': ["'none'"], 'form-action': ["'self'", ...kiosk] };
}

/**
 * Registers @fastify/helmet in `scope` (an encapsulated plugin holding a page's routes) with the
 * page's CSP; HSTS is left to registerSecurityHeaders, and X-Frame-Options to `frame-ancestors`
 * where some origins may frame the page.
 */
export async function registerPageSecurity(scope: FastifyInstance, directives: Directives): Promise<void> {
  const framed = directives['frame-ancestors']?.[0] !== "'none'";
  await scope.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: false,
    xFrameOptions: framed ? false : { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
