import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compileHintForFirstScreen, PRECOMPRESSED, withoutUseClientWarnings } from './vite.config.ts';

/**
 * The customer's own page on their phone (src/me), served by the service at /me/: a build of its
 * own, like the cashier console's. `npm run dev:me` proxies the /me/ API to a service on PORTAL_API
 * (default http://localhost:8090).
 */
export default defineConfig(({ command }) => ({
  logLevel: command === 'build' ? 'warn' : 'info',
  root: 'src/me',
  base: '/me/',
  publicDir: false,
  plugins: [react(), compileHintForFirstScreen(), compression(PRECOMPRESSED)],
  build: {
    outDir: '../../dist/me',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { checks: { bundlerTimings: false }, onwarn: withoutUseClientWarnings },
  },
  server: {
    proxy: { '/me/api': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
}));
