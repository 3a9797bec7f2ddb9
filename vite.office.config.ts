import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { compileHintForFirstScreen, PRECOMPRESSED, withoutUseClientWarnings } from './vite.config.ts';

/**
 * The office (src/office), the web app of the people who run the shops, served by the service at
 * /office/: a build of its own, like /me/'s. `npm run dev:office` proxies the office API to a
 * service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig(({ command }) => ({
  logLevel: command === 'build' ? 'warn' : 'info',
  root: 'src/office',
  base: '/office/',
  publicDir: false,
  plugins: [react(), compileHintForFirstScreen(), compression(PRECOMPRESSED)],
  build: {
    outDir: '../../dist/office',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { checks: { bundlerTimings: false }, onwarn: withoutUseClientWarnings },
  },
  server: {
    // The API's calls, not the page's own modules under src/office/api (served at /office/api/*.ts).
    proxy: { '^/office/api/(?![^?]*\\.tsx?(\\?|$))': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
}));
