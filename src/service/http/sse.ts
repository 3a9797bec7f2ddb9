import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalEvent } from '../../contract/portal';
import type { Config } from '../config';
import { REVOKED_TOPIC, type Revocation } from '../domain/account/credentials';
import {
  sessionEventPosition,
  sessionEventsAfter,
  sessionHasEnded,
  sessionTopic,
} from '../domain/portal-sessions/events';
import type { PortalSessionRow } from '../domain/portal-sessions/guards';
import { refusal } from '../domain/shared/errors';
import { addressKey } from './plugins/rate-limit';

/** How often an open stream sends a comment line, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;

/** A stream refused past a cap (its routes' OpenAPI errors). */
export const TOO_MANY_STREAMS = { reason: 'too_many_streams' } as const;

/** The 204 of a session's stream (its routes' OpenAPI `noContent`). */
export const SESSION_STREAM_ENDED =
  'The session has ended and every event after `Last-Event-ID` was sent: an EventSource stops reconnecting.';

/** Unsent bytes a stream may hold for a client that does not read; past them it is closed. */
const MAX_UNSENT_BYTES = 64 * 1024;

/** One open server-sent-events response. */
export interface EventStream {
  /** Sends one event: `event: <name>`, `id: <id>` when given, `data: <JSON>`. */
  send(event: string, data: unknown, id?: string): void;
  /** Runs `cleanup` once when the client disconnects or the server closes the stream. */
  onClose(cleanup: () => void): void;
  /** Ends the response; the client's EventSource reconnects by itself (after `retry`, 3 s). */
  end(): void;
}

/** What a stream follows and who opened it, for its caps and its revocation. */
export interface StreamOptions {
  /**
   * What the stream follows, counted against --max-streams-per-session: `portal-session:<uuid>`,
   * `device:<id>`, `cashier-session:<id>`.
   */
  subject: string;
  /** The credential it was opened with (`credential:<hash>`, …): a Revocation of it ends the stream. */
  holder?: string;
  /** Whether that credential is still allowed, asked when credentials change; the stream ends on false. */
  stillAllowed?: () => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every open event stream of this process: its caps and its revocation (http/sse.ts). */
    eventStreams: EventStreams;
  }
}

interface OpenStream {
  options: StreamOptions;
  address: string;
  end(): void;
}

/**
 * The event streams of one process (docs/operations.md "Event streams"): at most
 * `maxStreamsPerSession` on one subject, `maxStreamsPerAddress` from one client address and
 * `maxStreams` in all; past any of them a new one is refused with 429 (`too_many_streams`).
 * A stream ends when its credential is revoked (domain/account/credentials.ts REVOKED_TOPIC), when its client stops reading, and
 * when the app closes (so shutdown does not wait for clients).
 */
export class EventStreams {
  private readonly open = new Set<OpenStream>();
  private readonly perSubject = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly limits: Config['limits'],
  ) {}

  /**
   * Takes the response over (`reply.hijack()`) and answers `text/event-stream`, with a heartbeat
   * comment every 15 s. @throws ServiceError 1003 (HTTP 429, `too_many_streams`) past a cap.
   */
  start(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): EventStream {
    const address = addressKey(request);
    const { maxStreams, maxStreamsPerAddress, maxStreamsPerSession } = this.limits;
    if (
      this.open.size >= maxStreams ||
      (this.perAddress.get(address) ?? 0) >= maxStreamsPerAddress ||
      (this.perSubject.get(options.subject) ?? 0) >= maxStreamsPerSession
    ) {
      throw refusal('too_many_streams', {
        en: 'Too many event streams are open; close one, or try again later',
        nl: 'Er staan te veel gebeurtenisstromen open; sluit er een, of probeer het later opnieuw',
      });
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    const cleanups: (() => void)[] = [];
    let closed = false;
    // A client that does not read is not queued more: its connection is closed instead.
    const write = (text: string) => {
      if (closed || res.destroyed) return;
      if (res.writableLength + text.length > MAX_UNSENT_BYTES) res.destroy();
      else res.write(text);
    };
    const heartbeat = setInterval(() => {
      // The last heartbeat is still unsent after 15 s: the client has stopped reading.
      if (res.writableLength > 0) res.destroy();
      else write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    const stream: OpenStream = {
      options,
      address,
      end: () => {
        close();
        res.end();
      },
    };
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.open.delete(stream);
      count(this.perAddress, address, -1);
      count(this.perSubject, options.subject, -1);
      this.app.metrics.eventStreams.dec();
      for (const cleanup of cleanups) cleanup();
    };
    this.open.add(stream);
    count(this.perAddress, address, 1);
    count(this.perSubject, options.subject, 1);
    this.app.metrics.eventStreams.inc();
    res.on('close', close);
    return {
      send(event, data, id) {
        write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
      },
      onClose(cleanup) {
        if (closed) cleanup();
        else cleanups.push(cleanup);
      },
      end: stream.end,
    };
  }

  /** Ends every stream opened with `holder` (a revoked credential). */
  endHeldBy(holder: string): void {
    for (const stream of [...this.open]) if (stream.options.holder === holder) stream.end();
  }

  /** Asks every stream whether its credential is still allowed, and ends those that are not. */
  async recheck(): Promise<void> {
    await Promise.all(
      [...this.open].map(async (stream) => {
        const allowed = await stream.options.stillAllowed?.().catch((err: unknown) => {
          // Database away: keep the stream; the next announcement asks again.
          this.app.log.warn({ err }, 'event stream credential check failed');
          return true;
        });
        if (allowed === false) stream.end();
      }),
    );
  }

  /** Ends every stream (the app closes). */
  endAll(): void {
    for (const stream of [...this.open]) stream.end();
  }
}

function count(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * Sets up the process's event streams (app.eventStreams): revocations announced on
 * REVOKED_TOPIC end the streams concerned; the open streams end before the app closes.
 */
export function registerEventStreams(app: FastifyInstance): void {
  const streams = new EventStreams(app, app.config.limits);
  app.decorate('eventStreams', streams);
  const unsubscribe = app.bus.subscribe(REVOKED_TOPIC, (payload) => {
    const holder = (payload as Partial<Revocation> | undefined)?.holder;
    if (typeof holder === 'string') streams.endHeldBy(holder);
    else void streams.recheck();
  });
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => unsubscribe());
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
 * Once the session has ended (completed, cancelled, expired) and its last event is sent, the stream
 * ends; a reconnect with nothing left to send answers 204, which tells an EventSource to stop.
 * `options.view` shapes each event for its reader (the counter reads less than the POS).
 */
export async function streamSessionEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: PortalSessionRow,
  options: Omit<StreamOptions, 'subject'> & { view?: (event: PortalEvent) => PortalEvent } = {},
): Promise<void> {
  const { view = (event: PortalEvent) => event, ...held } = options;
  const resumeFrom = lastEventId(request);
  let position = resumeFrom ? await sessionEventPosition(app.db, session.id, resumeFrom) : 0;
  if (
    (await sessionHasEnded(app.db, session.id)) &&
    (await sessionEventsAfter(app.db, session.id, position)).length === 0
  ) {
    reply.code(204).send();
    return;
  }
  const stream = app.eventStreams.start(request, reply, {
    ...held,
    subject: sessionTopic(session.uuid),
  });
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
          // Ended first: every event up to the end is committed by then, so none is left unsent.
          const ended = await sessionHasEnded(app.db, session.id);
          for (const { id, event } of await sessionEventsAfter(app.db, session.id, position)) {
            stream.send('portal_event', view(event), event.uuid);
            position = id;
          }
          if (ended) {
            stream.end();
            return;
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
