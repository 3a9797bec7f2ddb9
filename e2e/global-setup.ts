import { writeCameras } from './fixtures/cameras';
import { baseUrl, createSession } from './support/api';

/**
 * Generates the fake-camera files, checks that the service under test answers, and starts the
 * clock of the expiry spec: a session on the service instance whose sessions live 1 minute
 * (E2E_SHORT_TTL_BASE_URL), created now so that the rest of the suite runs while it expires.
 */
export default async function globalSetup(): Promise<void> {
  await writeCameras();
  const response = await fetch(`${baseUrl()}/openapi.json`);
  if (!response.ok) throw new Error(`the service at ${baseUrl()} answers ${response.status}`);
  const shortTtl = process.env.E2E_SHORT_TTL_BASE_URL;
  if (shortTtl) {
    const session = await createSession('', { scanner_type: 'hand_scanner' }, { base: shortTtl });
    const url = new URL(session.url);
    process.env.E2E_EXPIRING_SESSION_URL = `${shortTtl}${url.pathname}${url.search}`;
    process.env.E2E_EXPIRING_AFTER = String(Date.now() + 60_000);
  }
}
