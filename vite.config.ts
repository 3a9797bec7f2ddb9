import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The kiosk SPA (src/kiosk), served by the service at /portal/. `npm run dev:kiosk` proxies the
 * portal API to a service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig({
  root: '.',
  base: '/portal/',
  publicDir: 'public',
  plugins: [react()],
  // ES module workers: each camera engine is its own chunk, loaded only when chosen.
  worker: { format: 'es' },
  build: {
    outDir: 'dist/kiosk',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: { '/portal/api': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
});
