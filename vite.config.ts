import { defineConfig, type Rollup, type UserConfig } from 'vite';
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
 * The kiosk and the cashier console run on Preact (preact/compat): their code and libraries
 * (TanStack Query, react-i18next, zustand, react-simple-keyboard, qrcode.react) import 'react' as
 * written and get Preact's compatibility layer, about a tenth of react-dom's size and work before the
 * first screen (docs/design.md). The JSX is compiled for Preact by Vite's own transform (oxc).
 */
export const PREACT = {
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
} satisfies UserConfig;

/** Build warnings with those of TanStack Query's "use client" marks left out (server components only). */
export function withoutUseClientWarnings(
  warning: Rollup.RollupLog,
  warn: (warning: Rollup.RollupLog) => void,
): void {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
}

/**
 * The kiosk SPA (src/kiosk), served by the service at /portal/. `npm run dev:kiosk` proxies the
 * portal API to a service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig({
  root: '.',
  base: '/portal/',
  publicDir: 'public',
  plugins: [compression(PRECOMPRESSED)],
  ...PREACT,
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
      onwarn: withoutUseClientWarnings,
    },
  },
  server: {
    proxy: { '/portal/api': process.env.PORTAL_API ?? 'http://localhost:8090' },
  },
});
