import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Pages for bench:kiosk, built like the kiosk: a blank React page (the yardstick for the kiosk's
 * first screen), a camera-scanner page and a decoder page (per-engine decode times).
 */
export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  plugins: [react()],
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../../dist/bench-blank', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        index: `${here}index.html`,
        scanner: `${here}scanner.html`,
        decode: `${here}decode.html`,
      },
    },
  },
});
