import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession, kioskUrl } from './support/api';
import { expect, test } from './support/kiosk-test';

/*
 * A POS web app that embeds the kiosk in an iframe receives each session event by postMessage,
 * but only on an origin the service allows (--allowed-origins; run-e2e allows http://localhost:E2E_POS_PORT).
 */

/** A POS page on its own origin: it embeds `src` and records every message it receives. */
function posPage(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('kiosk') ?? '';
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>POS</title>
<script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<iframe id="kiosk" src="${src.replaceAll('"', '&quot;')}" style="width:1200px;height:760px;border:0" allow="camera"></iframe>`);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function identifyByEmailInFrame(page: import('@playwright/test').Page, email: string) {
  const frame = page.frameLocator('#kiosk');
  await frame.getByTestId('email-input').fill(email);
  await frame.getByTestId('email-submit').click();
  await expect(frame.getByTestId('screen-welcome')).toBeVisible();
}

const settings = { primary_identification_method: 'email', enable_email_identification: true };

test('an allowed POS page receives the session events by postMessage', async ({ page }) => {
  const server = await posPage(Number(process.env.E2E_POS_PORT));
  try {
    const session = await createSession('', settings);
    const port = (server.address() as AddressInfo).port;
    await page.goto(`http://localhost:${port}/?kiosk=${encodeURIComponent(kioskUrl(session))}`);
    await identifyByEmailInFrame(page, 'anna@example.com');
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { received: { data: { event: { type: string } } }[] }).received.map(
            (m) => m.data.event.type,
          ),
        ),
      )
      .toContain('contact_identified');
    const [message] = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
    expect(message).toMatchObject({
      origin: new URL(kioskUrl(session)).origin,
      data: { source: 'portal', session_uuid: session.uuid, event: { type: 'contact_identified' } },
    });
  } finally {
    server.close();
  }
});

test('a page on an origin that is not allowed receives nothing', async ({ page }) => {
  const server = await posPage(0);
  try {
    const session = await createSession('', settings);
    const port = (server.address() as AddressInfo).port;
    await page.goto(`http://localhost:${port}/?kiosk=${encodeURIComponent(kioskUrl(session))}`);
    await identifyByEmailInFrame(page, 'ben@example.com');
    // The welcome screen shows after the event was recorded; give a stray message time to arrive.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  } finally {
    server.close();
  }
});
