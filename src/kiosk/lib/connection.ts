import { createStore } from 'zustand/vanilla';

/**
 * Whether the service can be reached: `online` is false while the browser says it is offline, and
 * from a request that got no answer until the next answer.
 */
export interface ConnectionState {
  online: boolean;
  /** The browser's own view (online / offline events): an answer that arrives late does not overrule it. */
  browserOnline: boolean;
  /** The last request got an answer. */
  answered: boolean;
}

/**
 * The kiosk's view of its connection to the service, one per page: every portal request reports
 * whether it got an answer (api/client.ts), the live streams whether they are up, and the browser
 * its `online` / `offline` events. Screens tell the customer when it is lost (OfflineNotice); an
 * action waiting to be retried goes again as soon as it is back (lib/attempts.ts).
 */
export const connection = createStore<ConnectionState>(() => ({
  online: true,
  browserOnline: true,
  answered: true,
}));

function update(change: Partial<ConnectionState>): void {
  const next = { ...connection.getState(), ...change };
  const online = next.browserOnline && next.answered;
  const current = connection.getState();
  if (
    next.browserOnline !== current.browserOnline ||
    next.answered !== current.answered ||
    online !== current.online
  ) {
    connection.setState({ ...next, online });
  }
}

/** An answer came (any HTTP status): the service is reachable. */
export function reportAnswer(): void {
  update({ answered: true });
}

/** A request got no answer, or a stream dropped. */
export function reportNoAnswer(): void {
  update({ answered: false });
}

/**
 * Resolves after `ms`, or as soon as the connection comes back (from lost), whichever is first:
 * the wait between two tries of an action.
 */
export function waitForConnection(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = connection.subscribe((state, previous) => {
      if (state.online && !previous.online) done();
    });
  });
}

/** Follows the browser's online / offline events (once per page). Returns the function that stops it. */
export function watchBrowserConnection(target: Window): () => void {
  // 'online' only says a network is back: taken as back (waiting actions go at once); the next
  // request that gets no answer says otherwise.
  const online = () => update({ browserOnline: true, answered: true });
  const offline = () => update({ browserOnline: false });
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  if (target.navigator.onLine === false) offline();
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
