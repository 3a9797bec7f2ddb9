import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '..', '..');

const CONFIGS = {
  kiosk: 'vite.config.ts',
  'kiosk-prerender': 'vite.prerender.config.ts',
  cashier: 'vite.cashier.config.ts',
} as const;

/**
 * Builds `parts` (default the kiosk and the cashier console) from the repository's Vite
 * configurations (production, as `npm run build` does) into `{out}/{part}`.
 */
export async function buildBrowserBundles(
  out: string,
  parts: readonly (keyof typeof CONFIGS)[] = ['kiosk', 'cashier'],
): Promise<void> {
  for (const [name, configFile] of parts.map((part) => [part, CONFIGS[part]] as const)) {
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
