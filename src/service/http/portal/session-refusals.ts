import type { FastifyInstance } from 'fastify';
import { SessionRefusal, type SessionRefusalReason } from '../../domain/portal-sessions';
import { errorBody, wantsDutch } from '../messages';

const STATUS: Record<SessionRefusalReason, number> = {
  not_found: 404,
  expired: 410,
  ended: 409,
  not_allowed: 403,
  conflict: 409,
};

/**
 * Answers a portal session's refusals (domain SessionRefusal) as error 1003 with the HTTP status
 * of the reason: 404 not found, 410 expired, 409 ended or out of order, 403 not allowed in the
 * session's type. Other errors go on to the app's error handler. Scoped to the calling plugin.
 */
export function answerSessionRefusals(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof SessionRefusal)) throw error;
    const status = STATUS[error.reason];
    const body = errorBody(1003, wantsDutch(request.headers['accept-language']), undefined, {
      en: error.en,
      nl: error.nl,
    });
    return reply.code(status).send({ ...body, status_code: status });
  });
}
