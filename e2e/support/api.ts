/*
 * The e2e tests' use of the service's PUBLIC API, as a POS would: real requests to the real built
 * service started by scripts/run-e2e.mjs, with the demo account's credentials.
 */

/** Demo account credentials and ids (src/service/fixture/demo-account.json). */
export const DEMO = {
  apiKey: 'demo-api-key',
  registerKey: 'demo-register-key',
  shopUuid: 'a0000000-0000-4000-8000-000000000001',
  device: 'demo-device-amsterdam',
} as const;

/** The service under test, e.g. http://127.0.0.1:40123 (no trailing slash). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `npm run test:e2e`');
  return url.replace(/\/$/, '');
}

/** Calls the public API; throws with the response body when the status is not 2xx. */
export async function publicApi<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  { token = DEMO.apiKey, base = baseUrl() }: { token?: string; base?: string } = {},
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

/** The create variants' paths (spec "Portal sessions (A)"). */
export type SessionKind =
  | ''
  | 'credit-reception'
  | 'redeem-giftcards'
  | 'top-up-giftcards'
  | 'pay-prepaid'
  | 'top-up-prepaid'
  | 'vouchers'
  | 'giftcard'
  | 'prepaid'
  | 'scan-anything';

/** A created session: its uuid and the kiosk address the service gave it. */
export interface CreatedSession {
  uuid: string;
  url: string;
}

/**
 * Creates a portal session at the demo shop with the given settings (spec "Portal session
 * creation settings"); `kind` '' is the plain identify session.
 */
export function createSession(
  kind: SessionKind,
  settings: Record<string, unknown> = {},
  options: { base?: string } = {},
): Promise<CreatedSession> {
  const path = kind ? `/portal-sessions/${kind}` : '/portal-sessions';
  return publicApi<CreatedSession>('POST', path, { shop_uuid: DEMO.shopUuid, ...settings }, options);
}

/** The kiosk address of a session on the service under test (the path of the url it returned). */
export function kioskUrl(session: CreatedSession): string {
  const url = new URL(session.url);
  return `${baseUrl()}${url.pathname}${url.search}`;
}

/** The kiosk at the service under test with a query string, e.g. `?device=demo-device-amsterdam`. */
export function kioskAt(search: string): string {
  return `${baseUrl()}/portal/${search}`;
}

/** A POS transaction created and pushed with the shop's register key, as a POS does at checkout. */
export async function pushPosTransaction(amountInCents: number): Promise<{ uuid: string }> {
  const transaction = await publicApi<{ uuid: string }>(
    'POST',
    '/pos-transactions',
    { amount_in_cents: amountInCents },
    { token: DEMO.registerKey },
  );
  await publicApi('POST', `/pos-transactions/${transaction.uuid}/push`, undefined, {
    token: DEMO.registerKey,
  });
  return transaction;
}

/** A contact's credit balance through the public API (spec Contact `credit_balance.balance`). */
export async function creditBalance(email: string): Promise<number> {
  const contact = await publicApi<{ credit_balance: { balance: number } }>(
    'GET',
    `/contacts/find-one-by?email=${encodeURIComponent(email)}`,
  );
  return contact.credit_balance.balance;
}

/** Portal session events through the extension `GET /portal-sessions/{uuid}/events`. */
export function sessionEvents(uuid: string): Promise<{ type: string; data: unknown }[]> {
  return publicApi('GET', `/portal-sessions/${uuid}/events`);
}
