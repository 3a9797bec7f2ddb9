import { describe, expect, it } from 'vitest';
import { FixtureError, loadFixture, parseFixture } from '../../src/service/fixture/load';
import { createTestApp } from '../helpers/app';

/*
 * Every picture of a fixture — the brand kit's, the older brand's logo, rewards', promotions' — is
 * checked in one place: an http(s) address or a shipped file, never `javascript:` or `data:`.
 */

const base = {
  version: 1,
  account: { name: 'Pictures' },
  shops: [{ id: 1, name: 'Shop' }],
  credentials: [{ kind: 'api_key', token: 'pictures-api-key' }],
};

const BAD = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'https://cdn.example/logo.png" onerror="alert(1)',
  'vbscript:msgbox(1)',
];

function withPicture(value: string) {
  return {
    ...base,
    account: {
      name: 'Pictures',
      brand: { logo_url: value },
      brand_kit: { small_logo_url: value, large_logo_url: value, cover_image_url: value },
    },
    rewards: [{ title: 'R', reward_type: 'PHYSICAL', required_credits: 1, media: { type: 'image', value } }],
    promotions: [{ name: 'P', media: { type: 'image', value } }],
  };
}

describe('fixture pictures', () => {
  it.each(BAD)('refuses %s in every picture field, naming each', async (value) => {
    const t = await createTestApp({ fixture: parseFixture(base) });
    try {
      const error = await loadFixture(t.app.db, parseFixture(withPicture(value)), t.clock.now()).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FixtureError);
      const problems = (error as FixtureError).problems.join('\n');
      for (const path of [
        'account.brand.logo_url',
        'account.brand_kit.small_logo_url',
        'account.brand_kit.large_logo_url',
        'account.brand_kit.cover_image_url',
        'rewards[0].media.value',
        'promotions[0].media.value',
      ]) {
        expect(problems).toContain(path);
      }
      // Nothing of it is served.
      const kit = (await t.call({ method: 'GET', url: '/brand-kit', token: 'pictures-api-key' })).json().data;
      expect(JSON.stringify(kit)).not.toMatch(/javascript|data:|vbscript|onerror/i);
    } finally {
      await t.close();
    }
  });

  it('keeps an http(s) address as it is', async () => {
    const t = await createTestApp({
      fixture: parseFixture(withPicture('https://cdn.example/logo(1).png?v=2')),
    });
    try {
      const kit = (await t.call({ method: 'GET', url: '/brand-kit', token: 'pictures-api-key' })).json().data;
      expect(kit.small_logo_url).toBe('https://cdn.example/logo(1).png?v=2');
    } finally {
      await t.close();
    }
  });
});
