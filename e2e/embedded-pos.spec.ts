import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
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

/** What the POS page received so far: each message's origin and data. */
function received(page: Page): Promise<{ origin: string; data: unknown }[]> {
  return page.evaluate(
    () => (window as unknown as { received: { origin: string; data: unknown }[] }).received,
  );
}

/**
 * In the embedded kiosk: the customer identifies by e-mail, then cancels. Then, from inside the
 * frame, a message of the test's own follows whatever the kiosk posted (messages from one frame
 * arrive in the order sent): once the POS page has it, it has everything the kiosk sent it.
 */
async function identifyAndCancelInFrame(page: Page, email: string) {
  const frame = page.frameLocator('#kiosk');
  await frame.getByTestId('email-input').fill(email);
  await frame.getByTestId('email-submit').click();
  await expect(frame.getByTestId('screen-welcome')).toBeVisible();
  await frame.getByTestId('cancel-button').click();
  await expect(frame.getByTestId('screen-cancelled')).toBeVisible();
  const kiosk = page.frame({ url: /\/portal\// });
  await kiosk!.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            window.parent.postMessage('all sent', '*');
            resolve();
          }, 0),
        ),
      ),
  );
  await expect.poll(async () => (await received(page)).at(-1)?.data).toBe('all sent');
}

const settings = { primary_identification_method: 'email', enable_email_identification: true };

test('an allowed POS page receives the session events by postMessage', async ({ page }) => {
  const server = await posPage(Number(process.env.E2E_POS_PORT));
  try {
    const session = await createSession('', settings);
    const port = (server.address() as AddressInfo).port;
    await page.goto(`http://localhost:${port}/?kiosk=${encodeURIComponent(kioskUrl(session))}`);
    await identifyAndCancelInFrame(page, 'anna@example.com');
    const messages = await received(page);
    expect(messages.map((m) => (m.data as { event?: { type: string } }).event?.type ?? m.data)).toEqual([
      'contact_identified',
      'session_cancelled',
      'all sent',
    ]);
    expect(messages[0]).toMatchObject({
      origin: new URL(kioskUrl(session)).origin,
      data: { source: 'portal', session_uuid: session.uuid, event: { type: 'contact_identified' } },
    });
  } finally {
    server.close();
  }
});

test('a page on an origin that is not allowed cannot even frame the kiosk, and receives nothing', async ({
  page,
}) => {
  const server = await posPage(0);
  try {
    const session = await createSession('', settings);
    const port = (server.address() as AddressInfo).port;
    const kiosk = page.waitForResponse((response) => response.url().startsWith(kioskUrl(session)));
    await page.goto(`http://localhost:${port}/?kiosk=${encodeURIComponent(kioskUrl(session))}`);
    // The service says who may frame it (frame-ancestors); the browser shows nothing of the kiosk.
    const policy = (await (await kiosk).allHeaders())['content-security-policy'] ?? '';
    expect(policy).toMatch(/frame-ancestors [^;]*http:\/\/localhost:\d+/);
    expect(policy).not.toContain(`http://localhost:${port}`);
    await page.waitForLoadState('load');
    await expect(page.frameLocator('#kiosk').getByTestId('email-input')).toHaveCount(0);
    expect(await received(page)).toEqual([]);
  } finally {
    server.close();
  }
});
