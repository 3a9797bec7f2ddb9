// Bundles the service (src/service/main.ts) into dist/service/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/service/main.ts'],
  outfile: 'dist/service/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
