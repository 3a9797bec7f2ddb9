import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What dist/kiosk-prerender/prerender.js exports (src/kiosk/app/prerender.tsx). */
interface PrerenderModule {
  prerenderSessionScreen(input: {
    uuid: string;
    session: unknown;
    acceptLanguage: string | undefined;
  }): { html: string; language: string } | null;
}

// Where the built page takes the session's first screen and its answer (index.html).
const ROOT = '<div id="root"></div>';
const HEAD_END = '</title>';
const LANG = /<html lang="[a-z]+">/;

/**
 * Sends the kiosk's page (index.html) for a request: for a session URL (`?uuid=`), with the session's
 * first screen already in it, rendered from the portal API's own answer by the kiosk's components
 * (dist/kiosk-prerender, built from src/kiosk/app/prerender.tsx), and that answer in the page for
 * its scripts (no second request); the screen stays `inert` until the page's scripts take it over.
 * Any other request, an unknown or expired session, a screen that cannot be rendered ahead, or a
 * build without the prerender module: the plain page, as the static files serve it.
 * docs/design.md "The first screen, from the service".
 */
export async function kioskPageSender(
  app: FastifyInstance,
  kioskDir: string,
): Promise<(req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const plain = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  const modulePath = join(kioskDir, '..', 'kiosk-prerender', 'prerender.js');
  const template = readFileSync(join(kioskDir, 'index.html'), 'utf8');
  if (!existsSync(modulePath) || !template.includes(ROOT) || !template.includes(HEAD_END)) {
    return async (_req, reply) => plain(reply);
  }
  const prerender = (await import(pathToFileURL(modulePath).href)) as PrerenderModule;

  return async (req, reply) => {
    const uuid = (req.query as { uuid?: unknown }).uuid;
    if (typeof uuid !== 'string' || uuid.trim() === '') return plain(reply);
    // The kiosk's own request, answered by its own route: same checks, same body.
    const answer = await app.inject({
      method: 'GET',
      url: `/portal/api/sessions/${encodeURIComponent(uuid.trim())}`,
      headers: { accept: 'application/json' },
    });
    if (answer.statusCode !== 200) return plain(reply);
    let screen: ReturnType<PrerenderModule['prerenderSessionScreen']>;
    try {
      screen = prerender.prerenderSessionScreen({
        uuid: uuid.trim(),
        session: (JSON.parse(answer.body) as { data: unknown }).data,
        acceptLanguage: req.headers['accept-language'],
      });
    } catch (error) {
      req.log.warn({ err: error }, 'the first screen could not be rendered ahead');
      return plain(reply);
    }
    if (!screen) return plain(reply);
    // Replacer functions: account data in the markup or the answer may hold `$&` or `$'`, which a
    // replacement string would expand.
    const answerScript = `<script type="application/json" id="portal-session">${scriptSafe(answer.body)}</script>`;
    const page = template
      .replace(LANG, () => `<html lang="${screen.language}">`)
      .replace(HEAD_END, () => `${HEAD_END}\n    ${answerScript}`)
      .replace(ROOT, () => `<div id="root" inert>${screen.html}</div>`);
    return sendPage(req, reply, page);
  };
}

/** JSON inside a script element: no `<` (so no `</script>` or `<!--`) can end it early. */
function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The page, brotli or gzip as the client accepts (a few KB: compressed per request in ~0.2 ms). */
function sendPage(req: FastifyRequest, reply: FastifyReply, page: string): FastifyReply {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
