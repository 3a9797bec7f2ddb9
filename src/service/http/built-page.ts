import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves a built single-page app of `dir` (its index.html and hashed assets) under `prefix`
 * (`/cashier/`, `/me/`) in `scope`, whose security headers it shares: the files precompressed
 * (brotli, gzip) as the client accepts, hashed assets cached for good, the page itself always fresh
 * (read from disk per request, so a rebuilt page is served without a restart), at `<prefix>`,
 * `<prefix without slash>` and `<prefix>index.html`.
 */
export async function serveBuiltPage(scope: FastifyInstance, dir: string, prefix: string): Promise<void> {
  await scope.register(fastifyStatic, {
    root: dir,
    prefix,
    index: false,
    wildcard: true,
    // Built beside each file (vite-plugin-compression2); the raw file for clients asking neither.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      // Hashed assets never change.
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same URL answers brotli, gzip or raw: caches keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const sendPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // With ignoreTrailingSlash, `<prefix>` (a page's own address) arrives without its slash.
  for (const url of [prefix.replace(/\/$/, ''), `${prefix}index.html`]) {
    scope.get(url, { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) => sendPage(reply));
  }
}
