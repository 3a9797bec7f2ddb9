import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { browserBundles, filesUnder } from '../helpers/bundles';

/*
 * No credential ships to a browser: the kiosk's, the cashier console's, the /me/ page's and the
 * office's production bundles (browserBundles) hold none of the fixture's secrets and never build an Authorization header.
 */

let bundles: Awaited<ReturnType<typeof browserBundles>>;
let out: string;

beforeAll(async () => {
  bundles = await browserBundles();
  out = bundles.dir;
}, 180_000);
afterAll(() => bundles?.remove());

describe('browser bundles', () => {
  const fixture = demoAccountFixture();
  const secrets = [
    ...fixture.credentials.map((c) => c.token),
    ...fixture.cashier_devices.map((d) => d.token),
    ...fixture.devices.map((d) => d.token),
    ...fixture.oauth_clients.map((c) => c.secret),
  ];

  it.each(['kiosk', 'cashier', 'me', 'office'])(
    'the %s bundle holds no token of the fixture and no bearer header',
    (name) => {
      const texts = filesUnder(join(out, name))
        .filter((file) => /\.(js|mjs|html|css|json|map)$/.test(file))
        .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
      expect(texts.some(({ file }) => file.endsWith('.js'))).toBe(true);
      for (const { file, text } of texts) {
        for (const secret of secrets)
          expect({ file, has: text.includes(secret) }).toEqual({ file, has: false });
        expect({ file, bearer: /Bearer\s/.test(text) }).toEqual({ file, bearer: false });
      }
    },
  );

  it('the console sends its calls with the session cookie only (same origin), never a credential header', () => {
    const js = filesUnder(join(out, 'cashier'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(js).toContain('/cashier/api');
    expect(js).not.toMatch(/authorization/i);
    expect(js).not.toContain('/portal-sessions');
    // The contract's schemas stay on the server: the console takes their types only.
    expect(js).not.toContain('ZodError');
  });

  it('the /me/ page calls its own API with its httpOnly cookie only, and ships without zod', () => {
    const js = filesUnder(join(out, 'me'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(js).toContain('/me/api');
    expect(js).not.toMatch(/authorization/i);
    expect(js).not.toContain('/portal/api');
    expect(js).not.toContain('ZodError');
  });

  it('the office calls its own API with its httpOnly cookie only, and ships without zod', () => {
    const js = filesUnder(join(out, 'office'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(js).toContain('/office/api');
    expect(js).not.toMatch(/authorization/i);
    expect(js).not.toContain('/portal/api');
    expect(js).not.toContain('ZodError');
  });
});
