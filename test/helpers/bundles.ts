import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Builds the kiosk and the cashier console from the repository's Vite configurations (production,
 * as `npm run build` does) into `{out}/kiosk` and `{out}/cashier`.
 */
export async function buildBrowserBundles(out: string): Promise<void> {
  for (const [name, configFile] of [
    ['kiosk', 'vite.config.ts'],
    ['cashier', 'vite.cashier.config.ts'],
  ] as const) {
    await build({
      configFile: join(ROOT, configFile),
      logLevel: 'silent',
      build: { outDir: join(out, name), emptyOutDir: true },
    });
  }
}

/** Every file under `dir`, as full paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
