import { EventEmitter } from 'node:events';
import type { Notification } from '../db/transaction';

/**
 * Live fan-out of committed notifications to listeners in this process (event streams).
 * Topics: `portal-session:{uuid}` (that session's events), `shop:{id}` (sessions of a shop,
 * for standby screens). Listeners must not throw.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Delivers committed notifications to their topic's listeners. */
  deliver(notes: Notification[]): void {
    for (const note of notes) this.emitter.emit(note.topic, note.payload);
  }

  /** Listens to one topic; returns the function that stops listening. */
  subscribe(topic: string, listener: (payload: unknown) => void): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }
}
