import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startService } from '../../scripts/service-process.mjs';
import { expectNoAxeViolations } from './axe';

/*
 * The cashier console's e2e support: a service of the spec's own (its fixture, its data folder), so
 * that its shop's standby tablet sees only the spec's sessions, and axe and screenshot helpers.
 */

export const SHOPS = {
  amsterdam: 'a0000000-0000-4000-8000-000000000001',
  utrecht: 'a0000000-0000-4000-8000-000000000002',
} as const;
export const CASHIER_DEVICES = {
  amsterdam: 'demo-cashier-amsterdam',
  utrecht: 'e2e-cashier-utrecht-0001',
} as const;

/** The demo's person at the Amsterdam till (the demo fixture's cashier "Sam", passcode 1234). */
export const DEMO_TILL = { name: 'Sam', passcode: '1234' } as const;

/**
 * Where the console asks "Who is at the till?" (its shop has till staff, as the demo's Amsterdam
 * shop), signs `person` in (default the demo's Sam); else does nothing. Waits for the console or the
 * question first, then for the console.
 */
export async function signInAtTillIfAsked(
  page: Page,
  person: { name: string; passcode: string } = DEMO_TILL,
) {
  const till = page.getByTestId('screen-till');
  await expect(page.getByTestId('console-shop').or(till)).toBeVisible();
  if (!(await till.isVisible())) return;
  await till.getByRole('button', { name: person.name, exact: true }).click();
  for (const digit of person.passcode) await page.getByTestId(`till-key-${digit}`).click();
  await expect(page.getByTestId('console-shop')).toBeVisible();
}

/**
 * The demo fixture with a second cashier device (Utrecht), or without the listed tokens (revoked).
 * Without the demo API key, so that the service opens no ready demo session at start: the standby
 * tablet then shows only what the console starts.
 */
export function cashierFixture(without: string[] = []): object {
  const demo = JSON.parse(readFileSync(join(process.cwd(), 'src/service/fixture/demo-account.json'), 'utf8'));
  demo.credentials = demo.credentials.filter((c: { token: string }) => c.token !== 'demo-api-key');
  demo.cashier_devices = [
    ...demo.cashier_devices,
    { token: CASHIER_DEVICES.utrecht, shop: SHOPS.utrecht, name: 'Utrecht till' },
  ].filter((d: { token: string }) => !without.includes(d.token));
  return demo;
}

/**
 * A service of the spec's own on `dataDir` with `fixture` (loaded at start, as `--fixture` does), on
 * `port` when given (a restart keeps its address, and so the page's origin), else a free one;
 * `onLog` gets its log as it comes; `args`: more options (e.g. `--fixture-mode replace`).
 */
export async function startCashierService(
  name: string,
  fixture: object,
  dataDir: string,
  port?: number,
  onLog?: (text: string) => void,
  args: string[] = [],
) {
  const file = join(dataDir, `${name}-fixture.json`);
  writeFileSync(file, JSON.stringify(fixture));
  // The demo fixture's pictures are read from beside it.
  cpSync(join(process.cwd(), 'src/service/fixture/demo-media'), join(dataDir, 'demo-media'), {
    recursive: true,
  });
  return startService(name, ['--fixture', file, '--data', dataDir, ...args], process.env.E2E_DIST, port, {
    onLog,
  });
}

/**
 * Rewrites the fixture of a service started by startCashierService (`name`, `dataDir`) and has the
 * running service load it (SIGHUP), as a manager does to revoke a device.
 */
export function reloadCashierFixture(
  service: { reload(): void },
  name: string,
  fixture: object,
  dataDir: string,
): void {
  writeFileSync(join(dataDir, `${name}-fixture.json`), JSON.stringify(fixture));
  service.reload();
}

/** A fresh data folder, removed by the returned function. */
export function dataFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-cashier-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** A phone behind the counter, and a small tablet. */
export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_TABLET = { width: 768, height: 1024 } as const;

/**
 * Saves the console's screen as cashier-<name>-phone.png and cashier-<name>-tablet.png, each checked
 * with every axe rule set (no violation of any impact), then restores the size.
 */
export async function consoleScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['tablet', SMALL_TABLET],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOT_DIR, `cashier-${name}-${size}.png`) });
    await expectNoAxeViolations(page);
  }
  if (original) await page.setViewportSize(original);
}
