import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalEvent } from '../../contract/portal';
import { sessionEventPosition, sessionEventsAfter, sessionTopic } from '../domain/portal-session-events';
import type { PortalSessionRow } from '../domain/portal-session-guards';
import { toJson } from './json';

/** How often an open stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;

/** One open server-sent-events response. */
export interface EventStream {
  /** Sends one event: `event: <name>`, `id: <id>` when given, `data: <JSON>`. */
  send(event: string, data: unknown, id?: string): void;
  /** Runs `cleanup` once when the client disconnects or the server closes the stream. */
  onClose(cleanup: () => void): void;
  /** Ends the response; the client's EventSource reconnects by itself (after `retry`, 3 s). */
  end(): void;
}

/**
 * Server-sent-events responses for the routes of one plugin (the portal-session event streams and
 * the device stream). Call while registering routes; `open(reply)` takes the response over
 * (`reply.hijack()`) and answers `text/event-stream`, with a heartbeat comment every 15 s.
 * Streams still open when the app closes are ended, so shutdown does not wait for clients.
 */
export function eventStreams(app: FastifyInstance): {
  open(reply: FastifyReply): EventStream;
} {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  return {
    open(reply) {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      const cleanups: (() => void)[] = [];
      let closed = false;
      const write = (text: string) => {
        if (!closed && !res.destroyed) res.write(text);
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open.delete(end);
        app.metrics.eventStreams.dec();
        for (const cleanup of cleanups) cleanup();
      };
      const end = () => {
        close();
        res.end();
      };
      open.add(end);
      app.metrics.eventStreams.inc();
      res.on('close', close);
      return {
        send(event, data, id) {
          write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${toJson(data)}\n\n`);
        },
        onClose(cleanup) {
          if (closed) cleanup();
          else cleanups.push(cleanup);
        },
        end,
      };
    },
  };
}

/** The `Last-Event-ID` a reconnecting EventSource sends (the id of the last event it received). */
export function lastEventId(request: FastifyRequest): string | undefined {
  const value = request.headers['last-event-id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Streams a portal session's events (`event: portal_event`, `id: <event uuid>`) read from the
 * events table: those after the request's `Last-Event-ID` (all when it has none or names no event
 * of the session), then, at each wake-up of the session's topic, those after the last one sent.
 * A wake-up that carries nothing (the PostgreSQL listener reconnected) reads just the same, so no
 * event is lost or repeated; a read that fails (database away) is retried at the next one.
 * `view` shapes each event for its reader (the counter reads less than the POS).
 */
export async function streamSessionEvents(
  app: FastifyInstance,
  stream: EventStream,
  session: PortalSessionRow,
  request: FastifyRequest,
  view: (event: PortalEvent) => PortalEvent = (event) => event,
): Promise<void> {
  const resumeFrom = lastEventId(request);
  let position = resumeFrom ? await sessionEventPosition(app.db, session.id, resumeFrom) : 0;
  let reading: Promise<void> | undefined;
  let again = false;
  const catchUp = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          for (const { id, event } of await sessionEventsAfter(app.db, session.id, position)) {
            stream.send('portal_event', view(event), event.uuid);
            position = id;
          }
        } while (again);
      } catch (err) {
        request.log.warn({ err }, 'event stream read failed');
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };
  stream.onClose(app.bus.subscribe(sessionTopic(session.uuid), () => void catchUp()));
  await catchUp();
}
