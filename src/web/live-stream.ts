/** What openLiveStream needs from the browser; tests pass fakes. */
export interface LiveStreamEnv {
  EventSource: new (url: string) => EventSource;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface LiveStreamOptions {
  url: string;
  /** The SSE event name to listen to (`portal_event`, `device_state`). */
  event: string;
  onMessage: (data: string) => void;
  /** Connected, or connected again: the caller refetches what it may have missed. */
  onOpen: () => void;
  /** Connection lost; the stream is reconnecting. */
  onDown: () => void;
  env?: LiveStreamEnv;
}

/** Reconnect delays after the browser gave up on a stream (HTTP error): 1 s doubling to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

/**
 * Listens to a server-sent-events stream and keeps it open: EventSource retries a dropped
 * connection by itself, but gives up for good on an HTTP error; then a new one is opened after
 * reconnectDelay. Returns the function that closes it.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const env: LiveStreamEnv = options.env ?? {
    EventSource: window.EventSource,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
  let source: EventSource | undefined;
  let timer: unknown;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    const current = new env.EventSource(options.url);
    source = current;
    current.addEventListener('open', () => {
      attempt = 0;
      options.onOpen();
    });
    current.addEventListener(options.event, (message) => options.onMessage((message as MessageEvent).data));
    current.addEventListener('error', () => {
      options.onDown();
      if (current.readyState !== 2 || closed) return; // 2 = CLOSED: the browser will not retry
      timer = env.setTimeout(connect, reconnectDelay(attempt++));
    });
  };
  connect();
  return () => {
    closed = true;
    env.clearTimeout(timer);
    source?.close();
  };
}
