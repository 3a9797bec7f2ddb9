// Bundles the service (src/service/main.ts) into dist/service/main.js, or into the file given as
// the first argument (the CLI tests build their own copy); npm packages stay external.
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/service/main.js';

await build({
  entryPoints: ['src/service/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The demo fixture's pictures, named relative to the bundle (src/service/fixture/seed.ts).
cpSync('src/service/fixture/demo-media', join(dirname(outfile), 'demo-media'), { recursive: true });
