import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Notification } from '../db/transaction';

const CHANNEL = 'portal_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7900;

/**
 * Live fan-out of committed notifications to listeners (event streams). Topics:
 * `portal-session:{uuid}` (that session's events), `shop:{id}` (sessions of a shop, for standby
 * screens). In-process by default; with PostgreSQL (`connect`), through LISTEN/NOTIFY so that
 * every service process behind a load balancer sees every event.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private listener: pg.Client | undefined;
  private closing = false;
  private notifier: pg.Pool | undefined;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Fans out through PostgreSQL LISTEN/NOTIFY from now on. */
  async connect(databaseUrl: string): Promise<void> {
    this.notifier = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    this.notifier.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    await this.listen(databaseUrl);
  }

  // One connection LISTENs; when the server drops it (restart, failover), listen again with back-off.
  private async listen(databaseUrl: string, attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    this.listener = client;
    const retry = () => {
      if (this.closing || this.listener !== client) return;
      process.emitWarning('PostgreSQL event listener lost; reconnecting');
      const wait = Math.min(30_000, 500 * 2 ** attempt);
      setTimeout(() => this.listen(databaseUrl, attempt + 1).catch(() => undefined), wait).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (!message.payload) return;
      const note = JSON.parse(message.payload) as Notification;
      this.emitter.emit(note.topic, note.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      if (attempt === 0) throw err;
      retry();
    }
  }

  /** Delivers committed notifications to their topic's listeners, in every process. */
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

  /** Listens to one topic; returns the function that stops listening. */
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
