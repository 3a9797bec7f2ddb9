import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { hashToken } from '../domain/shared/tokens';
import { bearerToken } from './plugins/auth';

/** How one request ended, for the log line and the metrics. */
export interface RequestOutcome {
  method: string;
  /** The route pattern (`/contacts/:contact_uuid`), `unmatched` when no route matched. */
  route: string;
  status: number;
  durationMs: number;
  /** The client went away before the response was complete (e.g. an event stream it closed). */
  aborted: boolean;
}

/**
 * The credential id of a request: the first 12 hex digits of the SHA-256 of its bearer token, the
 * form in which tokens are stored (`printf %s "$TOKEN" | sha256sum` finds it). Never the token.
 */
export function credentialId(request: FastifyRequest): string | undefined {
  const token = bearerToken(request);
  return token ? hashToken(token).slice(0, 12) : undefined;
}

const UNMATCHED = 'unmatched';
/** The longest path a log line carries (a request line may be 16 KiB). */
const MAX_LOGGED_PATH = 512;

function routeOf(request: FastifyRequest): string {
  try {
    return request.routeOptions.url ?? UNMATCHED;
  } catch {
    // A request refused before routing (malformed path) has no route context.
    return UNMATCHED;
  }
}

/** The request's path without its query string, at most MAX_LOGGED_PATH characters. */
function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const end = url.search(/[?#]/);
  return (end < 0 ? url : url.slice(0, end)).slice(0, MAX_LOGGED_PATH);
}

/**
 * Fastify's request logging, replaced (through its LogController) by ONE line per request when the
 * response ends or the client goes away: `{"msg":"request","method","route","status",
 * "duration_ms","credential"}` at info. The route pattern is logged, not the path or query: device
 * tokens and confirmation tokens travel in paths. A request no route matched logs its `path`
 * instead (without the query), so that a mistyped or probing address can be seen. Observers
 * (metrics) see every request, whatever the log level.
 */
export class RequestLog extends LogController {
  private readonly observers: ((outcome: RequestOutcome) => void)[] = [];

  /** Calls `observer` once for every finished request. */
  observe(observer: (outcome: RequestOutcome) => void): void {
    this.observers.push(observer);
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    const start = performance.now();
    let done = false;
    const finish = (aborted: boolean) => {
      if (done) return;
      done = true;
      const res = reply.raw;
      const outcome: RequestOutcome = {
        method: request.method,
        route: routeOf(request),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - start) * 1000) / 1000,
        aborted,
      };
      request.log.info(
        {
          method: outcome.method,
          route: outcome.route,
          // No route, so no pattern: the path itself, without its query (tokens travel in queries).
          ...(outcome.route === UNMATCHED ? { path: pathOf(request) } : {}),
          status: outcome.status,
          duration_ms: outcome.durationMs,
          credential: credentialId(request),
          ...(outcome.aborted ? { aborted: true } : {}),
        },
        'request',
      );
      for (const observer of this.observers) observer(outcome);
    };
    // 'finish': the whole response was handed to the OS; 'close' before it: the client went away.
    reply.raw.once('finish', () => finish(false));
    reply.raw.once('close', () => finish(!reply.raw.writableFinished));
  }

  // The line above replaces Fastify's "incoming request" / "request completed" pair and its
  // per-request 404 and error lines; unhandled errors are logged by the error handler.
  override requestCompleted(): void {}
  override routeNotFound(): void {}
  override defaultErrorLog(): void {}
}
