import type { FastifyInstance } from 'fastify';
import { DEMO } from '../../contract/examples';
import { deviceShopId } from '../domain/devices/standby';

/**
 * A new identify session at the demo shop, created as a POS would (POST /portal-sessions with the
 * demo API key), with e-mail identification, registration and the on-screen keyboard on.
 * @returns its kiosk URL, or undefined when the demo account is not loaded.
 */
export async function createDemoSession(app: FastifyInstance): Promise<string | undefined> {
  const response = await app.inject({
    method: 'POST',
    url: '/portal-sessions',
    headers: { authorization: `Bearer ${DEMO.apiKey}` },
    payload: {
      shop_uuid: DEMO.shop,
      enable_email_identification: true,
      enable_registration: true,
      enable_on_screen_keyboard: true,
    },
  });
  return response.statusCode === 201 ? (response.json() as { data: { url: string } }).data.url : undefined;
}

/** Whether the demo account (its standby device) is in the database. */
async function demoLoaded(app: FastifyInstance): Promise<boolean> {
  return deviceShopId(app.db, DEMO.device).then(
    () => true,
    () => false,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The start page's HTML: the demo's screens when the demo account is loaded, the office and the API's docs. */
function startPage(portalUrl: string, demo: boolean, notice?: string): string {
  const link = (href: string, text: string, note: string) =>
    `<li><a href="${escapeHtml(href)}">${text}</a> ${note}</li>`;
  const demoPart = demo
    ? `<h2>The demo account, Demo Coffee</h2>
<form method="post" action="/demo/kiosk-session"><button type="submit">Open a new demo kiosk session</button></form>
<p>A new portal session at the Amsterdam counter each time, as a cashier's POS starts one: scan
<code>CARD-0001</code> with a hand scanner, or type <code>anna@example.com</code> on the screen's keyboard.</p>
<ul>
${link(`${portalUrl}?device=${DEMO.device}`, 'The standby screen', 'of the Amsterdam counter: it switches to each new session of the shop')}
${link(`/cashier/#device=${DEMO.cashierDevice}`, 'The cashier console', 'of Till 1, Amsterdam: start sessions, follow them live')}
</ul>`
    : '<p>The demo account is not loaded here.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portal</title>
<style>
body { font: 18px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #1d4ed8; color: #fff; cursor: pointer; }
li { margin: 0.5rem 0; }
.notice { padding: 0.6rem 1rem; background: #fef3c7; border-radius: 0.5rem; }
</style>
</head>
<body>
<main>
<h1>Portal</h1>
<p>The in-store screen of a loyalty platform, and the loyalty service behind it.</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
${demoPart}
<h2>Running the shops</h2>
<ul>
${link('/office/', 'The office', 'for the owner and the managers: shops, devices and their pairing codes, staff, register keys, the audit log')}
</ul>
<h2>The API</h2>
<ul>
${link('/docs', 'API docs', `(Swagger UI)${demo ? `: press Authorize and enter <code>${DEMO.apiKey}</code>` : ''}`)}
${link('/openapi.json', 'The OpenAPI document', '')}
</ul>
</main>
</body>
</html>
`;
}

/**
 * `GET /`: a start page for people trying the product (the demo's kiosk, standby screen and
 * cashier console, the office, the API docs); `POST /demo/kiosk-session`: a new demo session (createDemoSession),
 * answered with a redirect to its kiosk URL, as a session link serves one screen once and expires.
 * Neither is in the OpenAPI document.
 */
export function registerStartPage(app: FastifyInstance): void {
  const route = { config: { auth: 'none' as const }, schema: { hide: true } };
  app.get('/', route, async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(startPage(app.config.portalUrl, await demoLoaded(app))),
  );
  app.post('/demo/kiosk-session', route, async (_req, reply) => {
    const url = await createDemoSession(app);
    if (url) return reply.redirect(url, 303);
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(startPage(app.config.portalUrl, false, 'No demo session: the demo account is not loaded.'));
  });
}
