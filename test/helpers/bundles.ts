import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The production builds of the kiosk, the cashier console, the /me/ page and the office, in
 * `{dir}/kiosk`, `{dir}/cashier`, `{dir}/me` and `{dir}/office`:
 * those of the test command's build (PORTAL_DIST: `npm test` and `npm run test:unit` build once for
 * the whole run), else built here from the repository's Vite configurations into a temp folder,
 * which `remove()` deletes.
 */
export async function browserBundles(): Promise<{ dir: string; remove(): void }> {
  if (process.env.PORTAL_DIST) return { dir: resolve(process.env.PORTAL_DIST), remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'portal-bundles-'));
  for (const [name, configFile] of [
    ['kiosk', 'vite.config.ts'],
    ['cashier', 'vite.cashier.config.ts'],
    ['me', 'vite.me.config.ts'],
    ['office', 'vite.office.config.ts'],
  ] as const) {
    await build({
      configFile: join(ROOT, configFile),
      logLevel: 'silent',
      build: { outDir: join(dir, name), emptyOutDir: true },
    });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file under `dir`, as full paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
