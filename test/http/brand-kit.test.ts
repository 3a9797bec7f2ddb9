import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_KIT_FIELDS } from '../../src/contract/public/brand-kit';
import { FixtureError, loadFixture, parseFixture, readFixture } from '../../src/service/fixture/load';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { openSession, sessionState } from '../helpers/portal';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The fields the PHP SDK's BrandkitMapper reads (src/Mappers/Brandkit/BrandkitMapper.php). */
const SDK_FIELDS = [
  'small_logo_url',
  'large_logo_url',
  'cover_image_url',
  'primary_color',
  'secondary_color',
  'tertiary_color',
  'quaternary_color',
  'font_color',
  'description',
  'corner_theme',
  'font_family',
];

describe('GET /brand-kit (extension, the SDK’s brandkit->get())', () => {
  it('answers the demo account’s brand kit with every field the SDK maps, logos served here', async () => {
    const res = await t.call({ method: 'GET', url: '/brand-kit', headers: { host: 'shop.test:8080' } });
    expect(res.statusCode).toBe(200);
    const kit = res.json().data;
    expect(Object.keys(kit).sort()).toEqual([...SDK_FIELDS].sort());
    expect(BRAND_KIT_FIELDS.length).toBe(SDK_FIELDS.length);
    expect(kit).toMatchObject({
      primary_color: '#6b3e26',
      secondary_color: '#f4e9dc',
      tertiary_color: '#2f6b4f',
      quaternary_color: '#d9a441',
      font_color: null,
      font_family: 'Inter',
      corner_theme: 'rounded',
      description: expect.stringContaining('coffee'),
    });
    for (const key of ['small_logo_url', 'large_logo_url', 'cover_image_url']) {
      expect(kit[key]).toMatch(/^http:\/\/shop\.test:8080\/media\/[0-9a-f]{20}\.svg$/);
    }

    const logo = await t.call({ method: 'GET', url: new URL(kit.small_logo_url).pathname, token: null });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toContain('immutable');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.body).toContain('<svg');
  });

  it('is served on the register and OAuth surfaces the SDK calls, with their credentials', async () => {
    const direct = (await t.call({ method: 'GET', url: '/brand-kit' })).json().data;
    for (const [url, token] of [
      ['/api/v3/register/brand-kit', DEMO.registerKey],
      ['/api/v3/oauth/clients/brand-kit', DEMO.apiKey],
      ['/api/v3/oauth/clients/brand-kit', DEMO.accessToken],
      ['/api/v3/oauth/clients/brand-kit', DEMO.personalAccessToken],
    ] as const) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data).toEqual(direct);
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/v3/register/brand-kit', token: DEMO.accessToken }))
        .statusCode,
    ).toBe(403);
    expect((await t.call({ method: 'GET', url: '/brand-kit', token: null })).statusCode).toBe(401);
  });

  it('serves shipped reward and promotion images; an unknown or malformed name is refused', async () => {
    const discount = (
      await t.call({ method: 'GET', url: '/rewards/e0000000-0000-4000-8000-000000000003' })
    ).json().data as { media: { type: string; value: string } | null };
    expect(discount.media).toEqual({
      type: 'image',
      value: expect.stringMatching(/^\/media\/[0-9a-f]{20}\.png$/),
    });
    const png = await t.call({ method: 'GET', url: discount.media!.value, token: null });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    expectReason(
      await t.call({ method: 'GET', url: '/media/00000000000000000000.png', token: null }),
      'picture_not_found',
    );
    expectError(await t.call({ method: 'GET', url: '/media/..%2Fportal.sqlite', token: null }), 1003, 422);
  });

  it('reaches the kiosk through its portal API as paths on this service (no API key)', async () => {
    const state = await sessionState(t, await openSession(t));
    expect(state.account.brand).toMatchObject({
      small_logo_url: expect.stringMatching(/^\/media\//),
      primary_color: '#6b3e26',
      description: expect.any(String),
    });
    const device = await t.call({
      method: 'GET',
      url: '/portal/api/devices/demo-device-amsterdam',
      token: null,
    });
    expect(device.json().data.account.brand).toEqual(state.account.brand);
  });
});

describe('brand kit and pictures in the account fixture', () => {
  const KEY = 'brand-test-key';
  const base = {
    version: 1,
    account: { name: 'Brand test' },
    shops: [{ id: 1, name: 'Shop' }],
    credentials: [{ kind: 'api_key', token: KEY }],
  };

  it('names every bad brand-kit field and editable field', () => {
    try {
      parseFixture({
        ...base,
        account: {
          name: 'x',
          brand_kit: { primary_color: 'brown', corner_theme: 'round', logo: 'x.svg' },
          settings: { editable_contact_fields: ['firstname', 'credit_balance'] },
        },
      });
      expect.unreachable();
    } catch (err) {
      const problems = (err as FixtureError).problems.join('\n');
      expect(problems).toContain('account.brand_kit.primary_color');
      expect(problems).toContain('account.brand_kit.corner_theme');
      expect(problems).toContain('account.brand_kit');
      expect(problems).toContain('account.settings.editable_contact_fields[1]');
    }
  });

  it('reads shipped files beside the fixture file, and refuses missing or unknown files by path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brand-fixture-'));
    try {
      writeFileSync(
        join(dir, 'logo.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>',
      );
      const file = join(dir, 'account.json');
      writeFileSync(
        file,
        JSON.stringify({
          ...base,
          account: { name: 'Brand test', brand_kit: { small_logo_url: 'logo.svg' } },
          rewards: [
            {
              title: 'Gone',
              reward_type: 'PHYSICAL',
              required_credits: 1,
              media: { type: 'image', value: 'missing.png' },
            },
            {
              title: 'Odd',
              reward_type: 'PHYSICAL',
              required_credits: 1,
              media: { type: 'image', value: 'logo.gif' },
            },
          ],
        }),
      );
      const fixture = readFixture(file);
      expect(fixture.account.brand_kit?.small_logo_url).toBe(join(dir, 'logo.svg'));
      const other = await createTestApp({ fixture: parseFixture(base) });
      try {
        const error = await loadFixture(other.app.db, fixture, other.clock.now(), file).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(FixtureError);
        const problems = (error as FixtureError).problems.join('\n');
        expect(problems).toContain('rewards[0].media.value: file not found');
        expect(problems).toContain(
          'rewards[1].media.value: must be an http(s) URL or a .svg, .png, .jpg or .webp file',
        );
        // Refused whole: the account keeps its brand, no picture was stored.
        expect(await other.app.db.selectFrom('media_files').selectAll().execute()).toEqual([]);

        fixture.rewards = [];
        await loadFixture(other.app.db, fixture, other.clock.now(), file);
        const kit = (await other.call({ method: 'GET', url: '/brand-kit', token: KEY })).json().data;
        expect(kit.small_logo_url).toMatch(/\/media\/[0-9a-f]{20}\.svg$/);
        expect(kit.primary_color).toBeNull();
      } finally {
        await other.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the older `brand` form: its colours and logo URL become the brand kit’s', async () => {
    const other = await createTestApp({
      fixture: parseFixture({
        ...base,
        account: {
          name: 'Old',
          brand: { primary_color: '#112233', logo_url: 'https://cdn.example/logo.png' },
        },
      }),
    });
    try {
      const kit = (await other.call({ method: 'GET', url: '/brand-kit', token: KEY })).json().data;
      expect(kit).toMatchObject({
        primary_color: '#112233',
        small_logo_url: 'https://cdn.example/logo.png',
        large_logo_url: 'https://cdn.example/logo.png',
        secondary_color: null,
      });
    } finally {
      await other.close();
    }
  });
});
