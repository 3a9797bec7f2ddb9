import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

/** Build warnings with those of TanStack Query's "use client" marks left out (server components only). */
export function withoutUseClientWarnings(
  warning: Rollup.RollupLog,
  warn: (warning: Rollup.RollupLog) => void,
): void {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
}

/** V8's explicit compile hint (Chromium 136+): compile every function of the file while it streams. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts COMPILE_HINT first in each entry chunk and in every chunk it imports statically. */
function markFirstScreen(bundle: Rollup.OutputBundle): void {
  const marked = new Set<string>();
  const mark = (fileName: string) => {
    const chunk = bundle[fileName];
    if (marked.has(fileName) || chunk?.type !== 'chunk') return;
    marked.add(fileName);
    if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    for (const imported of chunk.imports) mark(imported);
  };
  for (const chunk of Object.values(bundle))
    if (chunk.type === 'chunk' && chunk.isEntry) mark(chunk.fileName);
}

/**
 * Marks the chunks the first screen runs (each entry and what it imports statically) with
 * COMPILE_HINT: Chromium then compiles their functions on the thread that streams the file instead
 * of on the main thread at each function's first call while the page starts: a tablet's first load
 * of the kiosk is usable measurably sooner (docs/design.md; later loads have V8's code cache). Lazy
 * chunks (camera, later screens) stay lazily compiled. The hint counts only before any code, and Vite writes its preload
 * list (`const __vite__mapDeps=…`) at the top of chunks in its import analysis's generateBundle,
 * which the compression plugin extends the same way (vite-plugin-compression2); so this runs
 * right after that step and before the compression: build only, and the build fails if the step is
 * gone.
 */
export function compileHintForFirstScreen(): Plugin {
  return {
    name: 'portal-compile-hint',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((plugin) => plugin.name === 'vite:build-import-analysis');
      const hook = analysis?.generateBundle;
      if (!analysis || !hook)
        throw new Error("compileHintForFirstScreen: Vite's build import analysis is gone");
      const handler = typeof hook === 'function' ? hook : hook.handler;
      const wrapped: typeof handler = async function (this: Rollup.PluginContext, ...args) {
        await handler.apply(this, args);
        markFirstScreen(args[1]);
      };
      if (typeof hook === 'function') analysis.generateBundle = wrapped;
      else hook.handler = wrapped;
    },
  };
}

/**
 * The kiosk SPA (src/kiosk), served by the service at /portal/. `npm run dev:kiosk` proxies the
 * portal API to a service on PORTAL_API (default http://localhost:8090).
 */
export default defineConfig(({ command }) => ({
  // A build (npm start runs one) says only what is wrong, not every file it wrote; the dev server
  // still prints its address.
  logLevel: command === 'build' ? 'warn' : 'info',
  root: '.',
  base: '/portal/',
  publicDir: 'public',
  plugins: [react(), compileHintForFirstScreen(), compression(PRECOMPRESSED)],
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
}));
