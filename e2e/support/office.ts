import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/*
 * The office's e2e support: its two sizes, signing in through the page, and screenshots checked by
 * axe at each size.
 */

/** The office on a laptop and on a phone. */
export const LAPTOP = { width: 1280, height: 800 } as const;
export const OFFICE_PHONE = { width: 390, height: 844 } as const;

/** The demo fixture's people with an office sign-in. */
export const DEMO_OWNER = { email: 'owner@demo.example', password: 'demo-owner-pass' } as const;
export const DEMO_MANAGER = { email: 'manager@demo.example', password: 'demo-manager-pass' } as const;

/** Signs in on the office's sign-in screen (already open) and waits for the shops. */
export async function signInToOffice(page: Page, who: { email: string; password: string }): Promise<void> {
  const screen = page.getByTestId('screen-sign-in');
  await screen.getByLabel('E-mail address').fill(who.email);
  await screen.getByLabel('Password').fill(who.password);
  await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('screen-shops')).toBeVisible();
}

/** Opens a section of the signed-in office by its navigation (behind Menu on a phone). */
export async function openSection(page: Page, section: 'shops' | 'devices' | 'staff' | 'keys' | 'audit') {
  const menu = page.getByTestId('menu');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId(`nav-${section}`).click();
  await expect(page.getByTestId(`screen-${section}`)).toBeVisible();
}

const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Saves the office's screen as office-<name>-laptop.png (1280×800) and office-<name>-phone.png
 * (390×844), each with the bundled font, without animations, and checked with every axe rule set
 * (no violation of any impact); then restores the size.
 */
export async function officeScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  await page.evaluate(() => document.fonts.ready);
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', OFFICE_PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `office-${name}-${size}.png`),
      animations: 'disabled',
    });
    await expectNoAxeViolations(page);
  }
  if (original) await page.setViewportSize(original);
}
