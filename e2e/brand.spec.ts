import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createSession, kioskUrl } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { dataFolder, startCashierService } from './support/cashier';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The merchant's brand kit on the kiosk: a brand of low-contrast colours still reads at WCAG AA
 * (text colours are derived, the merchant's font colour ignored), reward and promotion pictures show,
 * and one that fails to load gives way to the drawn fallback. A service of the spec's own carries
 * that brand.
 */
const MEDIA = join(process.cwd(), 'src/service/fixture/demo-media');
const COFFEE = 'e0000000-0000-4000-8000-000000000001';
const DISCOUNT = 'e0000000-0000-4000-8000-000000000003';

/** The demo account with pale, low-contrast brand colours, and a reward and a promotion picture that are missing. */
function lowContrastFixture(): object {
  const demo = JSON.parse(readFileSync(join(process.cwd(), 'src/service/fixture/demo-account.json'), 'utf8'));
  demo.account.brand_kit = {
    ...demo.account.brand_kit,
    small_logo_url: join(MEDIA, 'logo-small.svg'),
    large_logo_url: join(MEDIA, 'logo-large.svg'),
    cover_image_url: join(MEDIA, 'cover.svg'),
    primary_color: '#ffe066',
    secondary_color: '#7a7a7a',
    tertiary_color: '#f5f5f5',
    quaternary_color: '#fff8c4',
    font_color: '#fff3a0',
  };
  for (const reward of demo.rewards) {
    if (reward.media) reward.media.value = join(MEDIA, reward.media.value.replace('demo-media/', ''));
  }
  for (const promotion of demo.promotions) {
    if (promotion.media)
      promotion.media.value = join(MEDIA, promotion.media.value.replace('demo-media/', ''));
  }
  // A picture the service does not have: the kiosk must draw its fallback.
  demo.rewards.find((r: { uuid: string }) => r.uuid === DISCOUNT).media.value =
    '/media/00000000000000000000.png';
  demo.promotions.find((p: { name: string }) => p.name === 'Two for one').media = {
    type: 'image',
    value: '/media/00000000000000000001.png',
  };
  return demo;
}

/** No colour-contrast violation at all on the current screen (every impact). */
async function expectContrastAA(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
}

test('a low-contrast brand still reads at AA; reward pictures show, a missing one falls back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const data = dataFolder();
  const service = await startCashierService('brand-low-contrast', lowContrastFixture(), data.dir);
  try {
    await page.goto(`${service.url}/portal/?device=demo-device-utrecht`);
    await expect(page.getByTestId('screen-standby')).toBeVisible();
    await expect(page.getByTestId('standby-line')).toContainText('Fresh coffee');
    await expectContrastAA(page);
    await expectNoAxeViolations(page);

    const session = await createSession('', { scanner_type: 'hand_scanner' }, { base: service.url });
    await page.goto(kioskUrl(session).replace(/^https?:\/\/[^/]+/, service.url));
    await expect(page.getByTestId('screen-scan')).toBeVisible();
    await expectContrastAA(page);
    await scanWithHandScanner(page, 'CARD-0001');
    await expect(page.getByTestId('panel-rewards')).toBeVisible();

    const coffee = page.getByTestId(`reward-${COFFEE}`).locator('img');
    await expect(coffee).toBeVisible();
    await expect.poll(() => coffee.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const discount = page.getByTestId(`reward-${DISCOUNT}`);
    await expect(discount.getByTestId('picture-fallback')).toBeVisible();
    await expect(discount.locator('img')).toHaveCount(0);
    await expectContrastAA(page);
    await expectNoAxeViolations(page);
    await screenshots(page, 'portal-low-contrast');

    // Promotion pictures on voucher cards: the muffin's shows, the missing one falls back.
    await page.getByTestId('tab-vouchers').click();
    const muffin = page.getByTestId('voucher-MUFFIN-0001').locator('img');
    await expect(muffin).toBeVisible();
    await expect.poll(() => muffin.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const twoForOne = page.getByTestId('voucher-TWOFORONE-0001');
    await expect(twoForOne.getByTestId('picture-fallback')).toBeVisible();
    await expect(twoForOne.locator('img')).toHaveCount(0);
    await expectContrastAA(page);
    await expectNoAxeViolations(page);
  } finally {
    await service.stop();
    data.remove();
  }
});
