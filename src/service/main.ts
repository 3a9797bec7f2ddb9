import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { openDatabase } from './db/database';
import { FixtureError } from './fixture/load';
import { seedAccount } from './fixture/seed';

const DEMO_SHOP = 'a0000000-0000-4000-8000-000000000001';

/** A ready identify session at the demo shop, when the demo account is loaded; else undefined. */
async function demoSessionUrl(app: Awaited<ReturnType<typeof buildApp>>): Promise<string | undefined> {
  const response = await app.inject({
    method: 'POST',
    url: '/portal-sessions',
    headers: { authorization: 'Bearer demo-api-key' },
    payload: {
      shop_uuid: DEMO_SHOP,
      enable_email_identification: true,
      enable_registration: true,
      enable_on_screen_keyboard: true,
    },
  });
  return response.statusCode === 201 ? (response.json() as { data: { url: string } }).data.url : undefined;
}

/**
 * `npm start`: one process serving the public API, the portal API and the built kiosk.
 * Prints the address, the demo credentials and a ready portal-session URL.
 */
async function main(): Promise<void> {
  const config = parseConfig(process.argv.slice(2), process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const seeded = await seedAccount(database.db, config.fixture, new Date());
  const app = await buildApp(config, {
    db: database.db,
    dialect: database.dialect,
    databaseUrl: config.databaseUrl,
  });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    // Requests in flight get 3 s; a client that stalls (never reads its response) must not hold shutdown.
    const cut = setTimeout(() => app.server.closeAllConnections(), 3000);
    await app.close();
    clearTimeout(cut);
    await database.close();
  });
  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Portal service listening on ${address}`,
    `  database     ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}`,
    `  fixture      ${seeded.source}`,
    `  API docs     ${address}/docs  (OpenAPI: ${address}/openapi.json)`,
  ];
  const session = await demoSessionUrl(app);
  if (session) {
    lines.push(
      '  credentials  API key demo-api-key, register key demo-register-key (Amsterdam),',
      '               access token demo-access-token, personal access token demo-personal-access-token,',
      '               OAuth client 1 with secret demo-oauth-client-secret (POST /oauth/token)',
      `  kiosk        ${session}`,
      `  standby      ${config.portalUrl}?device=demo-device-amsterdam`,
      `  cashier      ${address}/cashier/#device=demo-cashier-amsterdam  (console of Till 1, Amsterdam)`,
      `  try          curl -H 'Authorization: Bearer demo-api-key' ${address}/contacts/find-one-by?email=anna@example.com`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof FixtureError) {
      process.stderr.write(`portal: ${err.message}\n`);
    } else {
      process.stderr.write(`portal: failed to start: ${(err as Error).stack ?? String(err)}\n`);
    }
    process.exit(1);
  });
}
