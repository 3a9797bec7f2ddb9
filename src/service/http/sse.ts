import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PortalEvent } from '../../contract/portal';
import { type PortalSessionRow, sessionEvents, sessionTopic } from '../domain/portal-sessions';
import { toJson } from './json';

/** How often an open stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;

/** One open server-sent-events response. */
export interface EventStream {
  /** Sends one event: `event: <name>`, `id: <id>` when given, `data: <JSON>`. */
  send(event: string, data: unknown, id?: string): void;
  /** Runs `cleanup` once when the client disconnects or the server closes the stream. */
  onClose(cleanup: () => void): void;
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
      };
    },
  };
}

/**
 * Streams a portal session's events (`event: portal_event`, `id: <event uuid>`): the stored ones
 * first (after `lastEventId` when a reconnecting client sends `Last-Event-ID`), then each new one as
 * its transaction commits. Events published while the stored ones load are neither lost nor repeated.
 */
export async function streamSessionEvents(
  app: FastifyInstance,
  stream: EventStream,
  session: PortalSessionRow,
  lastEventId: string | undefined,
): Promise<void> {
  const sent = new Set<string>();
  const waiting: PortalEvent[] = [];
  let live = false;
  const emit = (event: PortalEvent) => {
    if (sent.has(event.uuid)) return;
    sent.add(event.uuid);
    stream.send('portal_event', event, event.uuid);
  };
  stream.onClose(
    app.bus.subscribe(sessionTopic(session.uuid), (payload) => {
      const event = payload as PortalEvent;
      if (live) emit(event);
      else waiting.push(event);
    }),
  );
  const stored = await sessionEvents(app.db, session.id);
  const resumeAt = lastEventId ? stored.findIndex((e) => e.uuid === lastEventId) + 1 : 0;
  for (const [i, event] of stored.entries()) {
    if (i < resumeAt) sent.add(event.uuid);
    else emit(event);
  }
  live = true;
  for (const event of waiting) emit(event);
}
