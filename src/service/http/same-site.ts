import type { FastifyRequest } from 'fastify';
import { refusal } from '../domain/shared/errors';

/**
 * Refuses a call that changes something unless it is JSON from this origin, so that no cross-site
 * form can send it, on top of a SameSite=Strict cookie (the cashier console, /me/). `json`: the
 * call has a body (a DELETE has none).
 * @throws ServiceError 1003 (HTTP 403, cross_site_call) another origin; (HTTP 415, not_json).
 */
export function assertSameSiteJson(request: FastifyRequest, json = true): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw refusal('cross_site_call', {
      en: 'Calls from another site are refused',
      nl: 'Verzoeken van een andere site geweigerd',
    });
  }
  if (json && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    throw refusal('not_json', {
      en: 'Send JSON (Content-Type: application/json)',
      nl: 'Stuur JSON (Content-Type: application/json)',
    });
  }
}
