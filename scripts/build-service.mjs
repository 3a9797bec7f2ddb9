// Bundles the service (src/service/main.ts) into dist/service/main.js, or into the file given as
// the first argument (the CLI tests build their own copy); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/service/main.ts'],
  outfile: process.argv[2] ?? 'dist/service/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
