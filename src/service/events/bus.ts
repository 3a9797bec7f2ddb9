import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { survivingOutages } from '../db/outage';
import type { Notification } from '../db/transaction';

const CHANNEL = 'portal_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7900;
/** `application_name` of the one LISTEN connection of each process (visible in pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'portal-listener';

/**
 * Live fan-out of committed notifications to listeners (event streams). Topics:
 * `portal-session:{uuid}` (that session's events), `shop:{id}` (sessions of a shop, for standby
 * screens). In-process by default; with PostgreSQL (`connect`), through LISTEN/NOTIFY so that
 * every service process behind a load balancer sees every event.
 *
 * A notification only wakes: what happened is read from the database (event streams read the
 * events table after the last event they sent). When the LISTEN connection is lost (restart,
 * failover), notifications sent meanwhile are lost, so once it listens again every listener is
 * called with `undefined`: "catch up".
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.Client | undefined;
  private closing = false;
  private notifier: pg.Pool | undefined;
  private databaseUrl = '';

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Fans out through PostgreSQL LISTEN/NOTIFY from now on. Throws when it cannot listen. */
  async connect(databaseUrl: string): Promise<void> {
    this.databaseUrl = databaseUrl;
    this.notifier = survivingOutages(new pg.Pool({ connectionString: databaseUrl, max: 2 }), (err) =>
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`),
    );
    const { ended } = await this.listen();
    void this.relisten(ended);
  }

  // Opens the process's one LISTEN connection; answers a promise of its end.
  private async listen(): Promise<{ ended: Promise<void> }> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5000,
    });
    // A lost connection errors, then ends; relisten acts on the end.
    client.on('error', () => undefined);
    const ended = new Promise<void>((resolve) => client.once('end', resolve));
    client.on('notification', (message) => {
      if (!message.payload) return;
      const note = JSON.parse(message.payload) as Notification;
      this.emitter.emit(note.topic, note.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    // Closed while connecting: this connection is not wanted.
    if (this.closing) await client.end();
    else this.listener = client;
    return { ended };
  }

  // One loop per process: when the connection ends, listen again (back-off up to 5 s), then
  // every listener catches up on what it missed meanwhile.
  private async relisten(ended: Promise<void>): Promise<void> {
    for (;;) {
      await ended;
      this.listener = undefined;
      if (this.closing) return;
      process.emitWarning('PostgreSQL event listener lost; reconnecting');
      for (let attempt = 0; ; attempt++) {
        await sleep(Math.min(5000, 100 * 2 ** attempt), undefined, { ref: false });
        if (this.closing) return;
        try {
          ({ ended } = await this.listen());
          break;
        } catch {
          // Still away; try again.
        }
      }
      if (this.closing) return;
      for (const topic of this.emitter.eventNames()) this.emitter.emit(topic, undefined);
    }
  }

  /**
   * Delivers committed notifications to their topic's listeners, in every process. `payload` is a
   * hint at most (it may be missing after a reconnect); listeners read what they show.
   */
  deliver(notes: Notification[]): void {
    for (const note of notes) {
      const text = this.notifier ? JSON.stringify(note) : '';
      if (this.notifier && Buffer.byteLength(text) < MAX_NOTIFY_BYTES) {
        this.notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, text]).catch(() => {
          this.emitter.emit(note.topic, note.payload);
        });
      } else {
        this.emitter.emit(note.topic, note.payload);
      }
    }
  }

  /**
   * Listens to one topic: `listener` gets each notification's payload, or `undefined` when it must
   * catch up (the LISTEN connection was lost meanwhile). Returns the function that stops listening.
   */
  subscribe(topic: string, listener: (payload: unknown) => void): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  /** Closes the PostgreSQL connections, if any. */
  async close(): Promise<void> {
    this.closing = true;
    await this.listener?.end();
    await this.notifier?.end();
  }
}
