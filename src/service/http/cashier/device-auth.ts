import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CASHIER_SESSION_DAYS,
  deviceRefusal,
  type PairedDevice,
  pairedDeviceBySecret,
} from '../../domain/devices/consoles';
import { addressKey } from '../plugins/rate-limit';
import { assertSameSiteJson } from '../same-site';
import { sessionCookie } from '../session-cookie';

/** The console session cookie: httpOnly, SameSite=Strict, only sent to /cashier, Secure under TLS. */
export const CASHIER_COOKIE = 'portal_cashier';
const COOKIE_PATH = '/cashier';

/** Requests a minute one console session may make, and pairing attempts a minute per address. */
export const CASHIER_RATE_LIMIT = 600;
export const PAIRING_RATE_LIMIT = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `pair`: the one console call made without a device cookie. */
    cashier?: 'pair';
  }
  interface FastifyRequest {
    /** The paired device of a console call (checked on every request). */
    cashierDevice: PairedDevice;
  }
}

const cookie = sessionCookie(CASHIER_COOKIE, COOKIE_PATH, CASHIER_SESSION_DAYS);

/** Sets the console session cookie (Secure when the request came over TLS). */
export const setDeviceCookie = cookie.set;

/** Clears the console session cookie. */
export const clearDeviceCookie = cookie.clear;

/**
 * The rate-limit bucket of a console call: its console session, found from the cookie before the
 * limit is counted (an unknown cookie is refused and counted as a failed authentication instead).
 */
export function cashierRateKey(request: FastifyRequest): string {
  return `cashier:${request.cashierDevice.sessionId}`;
}

/** The rate-limit bucket of pairing: the client address, whatever cookie comes along. */
export function pairingRateKey(request: FastifyRequest): string {
  return `cashier-pairing:${addressKey(request)}`;
}

/**
 * Guards every console API call of `scope` (an encapsulated plugin): a POST must be JSON from this
 * origin (no cross-site form can send it, on top of the SameSite=Strict cookie), and every call but
 * pairing must come with the cookie of a console session whose device is still in the fixture,
 * read anew on each request. Sets `request.cashierDevice`.
 * Errors: 1003 with HTTP 401 not paired or revoked, 403 another origin, 415 not JSON.
 */
export async function registerDeviceAuth(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCookie);
  scope.decorateRequest('cashierDevice', null as unknown as PairedDevice);
  scope.addHook('onRequest', async (request) => {
    if (request.method === 'POST') assertSameSiteJson(request);
    if (request.routeOptions.config.cashier === 'pair') return;
    const secret = request.cookies[CASHIER_COOKIE];
    const device = secret ? await pairedDeviceBySecret(scope.db, secret, scope.clock()) : undefined;
    if (!device) throw deviceRefusal();
    request.cashierDevice = device;
  });
}
