import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, type ViteCompressionPluginOption } from 'vite-plugin-compression2';

/**
 * Every text file and the ZXing-C++ wasm beside a .br and a .gz (highest levels), which the service
 * sends by Accept-Encoding (@fastify/static preCompressed). Shared with vite.cashier.config.ts.
 */
export const PRECOMPRESSED: ViteCompressionPluginOption = {
  include: /\.(html|css|js|mjs|json|svg|wasm)$/,
  algorithms: ['brotliCompress', 'gzip'],
  logLevel: 'silent',
};

/**
 * The kiosk SPA (src/kiosk), served by the service at /portal/. `npm run dev:kiosk` proxies the
 * portal API to a service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig({
  root: '.',
  base: '/portal/',
  publicDir: 'public',
  plugins: [react(), compression(PRECOMPRESSED)],
  // ES module workers: each camera engine is its own chunk, loaded only when chosen.
  worker: {
    format: 'es',
    plugins: () => [compression(PRECOMPRESSED)],
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  build: {
    outDir: 'dist/kiosk',
    emptyOutDir: true,
    target: 'es2022',
    // No public source maps; `npm run dev:kiosk` has them.
    sourcemap: false,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/@zxing/') },
      // Its plugin-timing warning measures the build machine, not the product: noise in `npm start`.
      checks: { bundlerTimings: false },
    },
  },
  server: {
    proxy: { '/portal/api': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
});
