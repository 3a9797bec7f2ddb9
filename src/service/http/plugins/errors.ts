import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../../contract/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/outage';
import { ServiceError } from '../../domain/shared/errors';
import { errorBody, fieldErrors, type InputIssue, wantsDutch } from '../messages';
import { tooManyFailedAttempts } from './rate-limit';

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
  FST_ERR_BAD_URL: {
    status: 400,
    en: 'Malformed percent-encoding in the path',
    nl: 'Ongeldige procentcodering in het pad',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, en: 'Path parameter too long', nl: 'Padparameter te lang' },
};

function send(reply: { code(n: number): { send(b: ErrorBody): unknown } }, body: ErrorBody) {
  return reply.code(body.status_code).send(body);
}

/**
 * One error handler for the whole app: every failure answers with the error body of
 * extensions.md (`{code, message, status_code, errors?, reason?}`), framework-level ones included.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    // A refused credential counts against its client address; past the limit the answer is 429.
    if (isFailedAuthentication(error)) {
      const limited = await app.authFailures.count(request, reply).catch((err: unknown) => {
        request.log.warn({ err }, 'failed authentication not counted');
        return false;
      });
      if (limited) return answerError(tooManyFailedAttempts(), request, reply);
    }
    return answerError(error, request, reply);
  });

  // Node answers these two itself with an empty body unless told otherwise (see buildApp's
  // requireHostHeader: false): an HTTP/1.1 request without Host, and an Expect other than 100-continue.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw Object.assign(new Error('Missing Host header'), { statusCode: 400 });
    }
  });
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const dutch = wantsDutch(req.headers['accept-language']);
    const detail = {
      en: 'Unsupported Expect header (only 100-continue)',
      nl: 'Niet-ondersteunde Expect-header',
    };
    const body = JSON.stringify({ ...errorBody(1003, dutch, undefined, detail), status_code: 417 });
    res
      .writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      })
      .end(body);
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

/**
 * Fastify's `frameworkErrors`: a request refused before routing (malformed percent-encoding in the
 * path) answers the error body like any other (1003, HTTP 400).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return answerError(error, request, reply);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Request line and headers exceed 16 KiB',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'Request timed out' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (bad request line, headers over
 * 16 KiB, a timeout) answers the error body with code 1003 — in English, as its headers are unknown
 * — and the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'Malformed HTTP request',
  };
  const body = JSON.stringify({
    ...errorBody(1003, false, undefined, { en: known.message }),
    status_code: known.status,
  });
  this.log.debug({ err }, 'malformed request');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Whether an error refuses a credential: a 401 (bearer token, console cookie, pairing token, OAuth
 * client, metrics token), or a standby screen's unknown device token (its 404).
 */
function isFailedAuthentication(error: unknown): boolean {
  if (error instanceof ServiceError) return error.status === 401 || error.reason === 'device_not_found';
  return (error as { statusCode?: number }).statusCode === 401;
}

function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const err = error as FastifyError;
  const dutch = wantsDutch(request.headers['accept-language']);
  if (error instanceof ServiceError) {
    const { code, fields, detail, status, reason, retryAfterSeconds } = error;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', retryAfterSeconds);
    const body = errorBody(code, dutch, fields, typeof detail === 'string' ? { en: detail } : detail);
    return send(reply, {
      ...body,
      ...(status ? { status_code: status } : {}),
      ...(reason ? { reason } : {}),
    });
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
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    const body = errorBody(1000, dutch, undefined, {
      en: 'The service is briefly unavailable; try again shortly',
      nl: 'De dienst is even niet beschikbaar; probeer het zo opnieuw',
    });
    return send(reply, { ...body, status_code: 503 });
  }
  request.log.error({ err }, 'unhandled error');
  return send(reply, errorBody(1000, dutch));
}
