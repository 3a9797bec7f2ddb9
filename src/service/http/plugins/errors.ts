import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../../contract/errors';
import { ServiceError } from '../../domain/errors';
import { errorBody, fieldErrors, type InputIssue, wantsDutch } from '../messages';

// Framework errors answer with code 1003 and their own HTTP status (extensions.md "Errors").
const FRAMEWORK: Record<string, { status: number; en: string; nl: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, en: 'Malformed JSON body', nl: 'Ongeldige JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, en: 'Malformed JSON body', nl: 'Ongeldige JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, en: 'Request body too large', nl: 'Verzoek is te groot' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    en: 'Unsupported content type',
    nl: 'Niet-ondersteund inhoudstype',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, en: 'Invalid content length', nl: 'Ongeldige lengte' },
};

function send(reply: { code(n: number): { send(b: ErrorBody): unknown } }, body: ErrorBody) {
  return reply.code(body.status_code).send(body);
}

/**
 * One error handler for the whole app: every failure answers with the error body of
 * extensions.md (`{code, message, status_code, errors?}`), framework-level ones included.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const err = error as FastifyError;
    const dutch = wantsDutch(request.headers['accept-language']);
    if (error instanceof ServiceError) {
      const { code, fields, detail, status } = error;
      const body = errorBody(code, dutch, fields, typeof detail === 'string' ? { en: detail } : detail);
      return send(reply, status ? { ...body, status_code: status } : body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? 'body';
      const data = part === 'querystring' ? request.query : part === 'params' ? request.params : request.body;
      return send(
        reply,
        errorBody(1003, dutch, fieldErrors(err.validation as unknown as InputIssue[], data, dutch)),
      );
    }
    const framework = err.code ? FRAMEWORK[err.code] : undefined;
    if (framework) {
      const body = errorBody(1003, dutch, undefined, framework);
      return send(reply, { ...body, status_code: framework.status });
    }
    if (err.statusCode === 429) {
      const body = errorBody(1003, dutch, undefined, { en: 'Too many requests', nl: 'Te veel verzoeken' });
      return send(reply, { ...body, status_code: 429 });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const body = errorBody(1003, dutch, undefined, { en: err.message });
      return send(reply, { ...body, status_code: err.statusCode });
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, errorBody(1000, dutch));
  });

  app.setNotFoundHandler((request, reply) => {
    const dutch = wantsDutch(request.headers['accept-language']);
    const detail = {
      en: `No route ${request.method} ${request.url}`,
      nl: `Geen route ${request.method} ${request.url}`,
    };
    return send(reply, { ...errorBody(1003, dutch, undefined, detail), status_code: 404 });
  });
}
