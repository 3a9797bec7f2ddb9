import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compileHintForFirstScreen, PRECOMPRESSED, withoutUseClientWarnings } from './vite.config.ts';

/**
 * The cashier console SPA (src/cashier), served by the service at /cashier/: a build of its own,
 * so the kiosk's bundle and first screen stay as they are. `npm run dev:cashier` proxies the
 * console API to a service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig(({ command }) => ({
  // A build (npm start runs one) says only what is wrong, not every file it wrote; the dev server
  // still prints its address.
  logLevel: command === 'build' ? 'warn' : 'info',
  root: 'src/cashier',
  base: '/cashier/',
  publicDir: false,
  plugins: [react(), compileHintForFirstScreen(), compression(PRECOMPRESSED)],
  build: {
    outDir: '../../dist/cashier',
    emptyOutDir: true,
    target: 'es2022',
    // As the kiosk's build: no plugin-timing warning in `npm start`.
    rolldownOptions: { checks: { bundlerTimings: false }, onwarn: withoutUseClientWarnings },
  },
  server: {
    proxy: { '/cashier/api': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
}));
