/*
 * The routes of the three browser APIs the kiosk, the cashier console and the customer's /me/ page
 * call, as `METHOD /path` under their base, `{name}` for a path parameter: what the service serves
 * there and what the flow tests' fake servers (test/helpers/fake-portal-api.ts, fake-me-api.ts)
 * answer. Tests hold both to these lists (test/http/browser-routes.test.ts for the service; each
 * fake checks itself when made), so a route added, renamed or removed on one side and not the other
 * fails the tests. Plain data: no zod. Request and answer shapes: contract/portal.ts,
 * contract/cashier.ts and contract/me.ts.
 */

/** Where the portal API lives: the kiosk's session- and device-scoped calls (contract/portal.ts). */
export const PORTAL_API_BASE = '/portal/api';

/** Every route of the portal API, under PORTAL_API_BASE. */
export const PORTAL_ROUTES = [
  'GET /sessions/{uuid}',
  'GET /sessions/{uuid}/stream',
  'POST /sessions/{uuid}/identify',
  'POST /sessions/{uuid}/scan-lookup',
  'POST /sessions/{uuid}/register',
  'POST /sessions/{uuid}/verification/send',
  'POST /sessions/{uuid}/verification/verify',
  'POST /sessions/{uuid}/terms/accept',
  'POST /sessions/{uuid}/credit-reception',
  'POST /sessions/{uuid}/complete',
  'POST /sessions/{uuid}/cancel',
  'POST /sessions/{uuid}/giftcards/scan',
  'POST /sessions/{uuid}/giftcards/redeem',
  'POST /sessions/{uuid}/giftcards/top-up',
  'POST /sessions/{uuid}/prepaid/pay',
  'POST /sessions/{uuid}/prepaid/top-up',
  'GET /sessions/{uuid}/vouchers',
  'POST /sessions/{uuid}/vouchers/redeem',
  'GET /sessions/{uuid}/rewards',
  'POST /sessions/{uuid}/rewards/claim',
  'POST /sessions/{uuid}/receipt-tokens/claim',
  'POST /sessions/{uuid}/me-link',
  'GET /sessions/{uuid}/stats',
  'POST /devices/pair',
  'GET /devices/{token}',
  'GET /devices/{token}/stream',
] as const;
export type PortalRoute = (typeof PORTAL_ROUTES)[number];

/** Where the cashier console's API lives (contract/cashier.ts). */
export const CASHIER_API_BASE = '/cashier/api';

/** Every route of the console API, under CASHIER_API_BASE. */
export const CASHIER_ROUTES = [
  'POST /pair',
  'POST /unpair',
  'GET /device',
  'GET /staff',
  'POST /staff/sign-in',
  'POST /staff/sign-out',
  'GET /stream',
  'POST /contacts/find',
  'GET /sessions',
  'POST /sessions',
  'GET /sessions/{uuid}',
  'GET /sessions/{uuid}/stream',
  'POST /sessions/{uuid}/cancel',
  'POST /sessions/{uuid}/purchase',
  'POST /sessions/{uuid}/payment-received',
] as const;
export type CashierRoute = (typeof CASHIER_ROUTES)[number];

/** Where the customer's /me/ page's API lives (contract/me.ts; docs/me.md "The /me/ API"). */
export const ME_API_BASE = '/me/api';

/**
 * Every route of the /me/ API, under ME_API_BASE: the two sign-in calls need no cookie, every other
 * one the customer's /me/ session cookie (401 signed_out without). GET /export is a download the
 * page links to (an attachment), not a call it fetches.
 */
export const ME_ROUTES = [
  'POST /sign-in',
  'POST /sign-in-link',
  'POST /sign-out',
  'POST /sign-out-everywhere',
  'GET /overview',
  'POST /terms/accept',
  'GET /app-code',
  'GET /profile',
  'PUT /profile',
  'GET /rewards',
  'GET /vouchers',
  'GET /activity',
  'GET /cards',
  'POST /cards',
  'DELETE /cards/{id}',
  'GET /subscriptions',
  'PUT /subscriptions/{id}',
  'GET /export',
  'POST /deletion',
  'POST /deletion/confirm',
] as const;
export type MeRoute = (typeof ME_ROUTES)[number];

/** Where the office's API lives (contract/office.ts; docs/office.md "The office API"). */
export const OFFICE_API_BASE = '/office/api';

/**
 * Every route of the office API, under OFFICE_API_BASE: sign-in and the reset calls need no cookie,
 * every other one an office session's cookie (401 office_signed_out without) and a role that may.
 */
export const OFFICE_ROUTES = [
  'POST /sign-in',
  'POST /sign-out',
  'POST /sign-out-everywhere',
  'POST /password-reset-link',
  'POST /password-reset',
  'GET /me',
  'GET /shops',
  'POST /shops',
  'PUT /shops/{uuid}',
  'POST /shops/{uuid}/close',
  'GET /devices',
  'POST /devices',
  'PUT /devices/{uuid}',
  'POST /devices/{uuid}/pairing-code',
  'POST /devices/{uuid}/revoke',
  'GET /staff',
  'POST /staff',
  'PUT /staff/{uuid}',
  'POST /staff/{uuid}/remove',
  'GET /register-keys',
  'POST /register-keys',
  'POST /register-keys/{uuid}/revoke',
  'GET /audit',
  'GET /rewards',
  'POST /rewards',
  'PUT /rewards/{uuid}',
  'GET /brand',
  'PUT /brand',
  // The programme's earning rules and promotions (docs/office.md "Earning and promotions").
  'GET /earning',
  'POST /tiers',
  'PUT /tiers/{uuid}',
  'POST /tiers/{uuid}/remove',
  'POST /earning-rules',
  'PUT /earning-rules/{id}',
  'POST /earning-rules/{id}/remove',
  'POST /units',
  'PUT /units/{name}',
  'POST /subscription-types',
  'PUT /subscription-types/{id}',
  'PUT /session-defaults',
  'GET /promotions',
  'POST /promotions',
  'PUT /promotions/{uuid}',
  'POST /promotions/{uuid}/vouchers',
  'POST /promotions/{uuid}/vouchers/export',
  'GET /reports/liability',
  'GET /reports/liability.csv',
  'GET /reports/activity',
  'GET /reports/activity.csv',
  'GET /reports/sessions',
  'GET /reports/sessions.csv',
  'GET /reports/staff',
  'GET /reports/staff.csv',
  'POST /member-imports',
  'GET /member-imports/{uuid}',
  'POST /customers/search',
  'GET /customers/{uuid}',
  'GET /customers/{uuid}/history',
  'POST /customers/{uuid}/credit-corrections',
  'POST /customers/{uuid}/reversals',
  'PUT /customers/{uuid}/cards/{card}',
  'POST /customers/{uuid}/export',
  'POST /customers/{uuid}/erase',
] as const;
export type OfficeRoute = (typeof OFFICE_ROUTES)[number];

/** The event-stream routes (text/event-stream): a page opens them with EventSource, not fetch. */
export function isStreamRoute(route: PortalRoute | CashierRoute): boolean {
  return route.endsWith('/stream');
}
