import { expect, type Page } from '@playwright/test';

/** A 10" tablet in portrait. */
const PORTRAIT = { width: 800, height: 1280 } as const;

/**
 * In portrait (800×1280), the screen's visible content — from the top of its heading to the bottom
 * of the lowest thing drawn in it (its actions) — spans at least `share` of the viewport's height;
 * then the size is restored. A screen pinned to the top with a hole below fails it.
 */
export async function expectPortraitUsesHeight(page: Page, share = 0.6): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize(PORTRAIT);
  // Polled: the screen may still be drawing (a page just opened, a flow loaded on demand).
  const measure = () =>
    page.evaluate(() => {
      const screen = document.querySelector('main .screen');
      if (!screen) return 0;
      let top = Number.POSITIVE_INFINITY;
      let bottom = 0;
      for (const element of screen.querySelectorAll(
        'h1, p, button, input, img, svg, dd, [role="progressbar"], .keypad, .keyboard, .camera',
      )) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        top = Math.min(top, box.top);
        bottom = Math.max(bottom, box.bottom);
      }
      return bottom > top ? (bottom - top) / window.innerHeight : 0;
    });
  await expect
    .poll(measure, { message: 'share of the portrait viewport the content spans' })
    .toBeGreaterThanOrEqual(share);
  if (original) await page.setViewportSize(original);
}
