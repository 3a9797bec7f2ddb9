import { defineConfig } from 'vite';
import { PREACT, withoutUseClientWarnings } from './vite.config.ts';

/**
 * The kiosk's first screens for the service to render (src/kiosk/app/prerender.tsx): one module for
 * Node with every dependency bundled through Preact's aliases, as in the page. The service loads it
 * from dist/kiosk-prerender/ (src/service/http/kiosk-page.ts).
 */
export default defineConfig({
  ...PREACT,
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/kiosk/app/prerender.tsx',
    outDir: 'dist/kiosk-prerender',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rolldownOptions: {
      output: { entryFileNames: 'prerender.js' },
      checks: { bundlerTimings: false },
      onwarn: withoutUseClientWarnings,
    },
  },
});
