// `npm run test:e2e`: builds the product (or takes PORTAL_DIST, the build `npm test` made), starts the
// real built service on a fresh data folder (demo fixture), runs Playwright against it and exits with
// Playwright's code. Two service instances: the main one, and one with a 1-minute session lifetime for
// the expiry spec. The run uses a copy of the build (test-results/e2e-dist). E2E_SKIP_BUILD=1 reuses
// dist/ (while iterating); extra arguments go to `playwright test`.
import { freePort, productBuild, run, snapshotBuild, startService } from './service-process.mjs';

const services = [];
let code = 1;
try {
  const dist =
    process.env.E2E_SKIP_BUILD === '1' && !process.env.PORTAL_DIST
      ? snapshotBuild('e2e')
      : await productBuild('e2e');
  // A POS web page on this origin may embed the kiosk and receive its events (e2e/embedded-pos.spec.ts).
  const posPort = await freePort();
  // A second POS origin for the v1 API's page (e2e/v1-api.spec.ts), so the two specs never share a port.
  const v1PosPort = await freePort();
  // A third, for the real portal component's page (e2e/portal-component.spec.ts).
  const componentPosPort = await freePort();
  const main = await startService(
    'e2e',
    [
      '--allowed-origins',
      [posPort, v1PosPort, componentPosPort].map((port) => `http://localhost:${port}`).join(','),
    ],
    dist,
  );
  services.push(main);
  const shortTtl = await startService('e2e-short-ttl', ['--session-ttl', '1'], dist);
  services.push(shortTtl);
  code = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: main.url,
    E2E_SHORT_TTL_BASE_URL: shortTtl.url,
    E2E_POS_PORT: String(posPort),
    E2E_V1_POS_PORT: String(v1PosPort),
    E2E_COMPONENT_POS_PORT: String(componentPosPort),
    // Specs that start a service of their own (e2e/cashier.spec.ts) start this build.
    E2E_DIST: dist,
  });
} catch (error) {
  process.stderr.write(`run-e2e: ${error.message}\n`);
} finally {
  await Promise.all(services.map((service) => service.stop()));
}
process.exit(code);
