import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The decoder page of bench:kiosk: the kiosk's decoder worker alone (no camera), to time each
 * camera engine's decode of one picture.
 */
export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../../dist/bench-decode', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: { decode: `${here}decode.html` } },
  },
});
