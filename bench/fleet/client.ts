/**
 * The load generator's HTTP: one keep-alive agent per device (as a browser keeps its connections to
 * one origin), bound to the device's loopback address, every call timed under a name; and an
 * EventSource as browsers implement it (reconnect after `retry`, `Last-Event-ID`, 204 stops).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Latencies (ms) and outcomes of every call, by call name. */
export class CallLog {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, Map<string, number>>();

  record(name: string, ms: number, status: number, ok: boolean): void {
    const list = this.latencies.get(name) ?? [];
    this.latencies.set(name, list);
    list.push(ms);
    if (!ok) {
      const byStatus = this.failures.get(name) ?? new Map<string, number>();
      this.failures.set(name, byStatus);
      const key = String(status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
  }

  /** Forgets what was logged (the warm-up is not measured). */
  reset(): void {
    this.latencies.clear();
    this.failures.clear();
  }
}

export interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

/** The percentile `p` (0–100) of `values` (nearest rank); undefined when empty. */
export function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A device's (or a POS's) connection to the service: its own agent and source address. */
export class Device {
  readonly agent: http.Agent;
  cookie: string | undefined;

  constructor(
    readonly base: URL,
    readonly address: string,
    private readonly log: CallLog,
    readonly headers: Record<string, string> = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  }

  /**
   * One call, timed under `name`: answers the status and the parsed JSON body; a network error
   * answers status 0. A status other than `expect` counts as a failure of `name`.
   */
  call(name: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          localAddress: this.address,
          headers: {
            accept: 'application/json',
            ...this.headers,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...extra,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            this.log.record(name, performance.now() - started, status, status < 400);
            let parsed: unknown;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString());
            } catch {
              parsed = undefined;
            }
            if (process.env.FLEET_DEBUG && status >= 400)
              console.error(`${name}: ${status} ${Buffer.concat(chunks).toString().slice(0, 300)}`);
            resolve({ status, body: parsed, headers: response.headers });
          });
          response.on('error', () => {
            this.log.record(name, performance.now() - started, 0, false);
            resolve({ status: 0, body: undefined, headers: {} });
          });
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        this.log.record(name, performance.now() - started, 0, false);
        resolve({ status: 0, body: undefined, headers: {} });
      });
      request.end(payload);
    });
  }

  /** Logs a call made outside call() (a stream's answer): a status of 400 or more counts as a failure. */
  logCall(name: string, ms: number, status: number): void {
    this.log.record(name, ms, status, status > 0 && status < 400);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** One server-sent event as received, with the time it arrived (performance.now()). */
export interface StreamMessage {
  event: string;
  data: string;
  id: string | undefined;
  at: number;
}

/** What an open stream went through: its connected periods and the gaps between them. */
export interface StreamHistory {
  /** [opened, closed] (performance.now()); closed undefined while open. */
  connected: [number, number | undefined][];
  /** Refusals (HTTP status ≥ 400) by status. */
  refused: Map<number, number>;
  /** Drops of an open stream (the connection broke or the server ended it). */
  drops: number;
}

/**
 * An EventSource on `path` from `device`: reconnects after the server's `retry` (3 s) when an open
 * stream drops, sending the last event id; after an HTTP error, as the kiosk's openLiveStream does
 * (1 s doubling to 30 s); stops on 204 or close().
 */
export class EventSourceClient {
  readonly history: StreamHistory = { connected: [], refused: new Map(), drops: 0 };
  lastEventId: string | undefined;
  ended = false;
  private request: http.ClientRequest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retryMs = 3000;
  private attempt = 0;

  constructor(
    private readonly device: Device,
    private readonly path: string,
    private readonly callName: string,
    private readonly on: {
      message(message: StreamMessage): void;
      open?(): void;
      /** The stream stopped for good (204, or ended by the server after its last event). */
      end?(): void;
    },
  ) {
    this.connect();
  }

  /** Whether the stream is open now. */
  get isOpen(): boolean {
    const last = this.history.connected.at(-1);
    return last !== undefined && last[1] === undefined;
  }

  private connect(): void {
    if (this.ended) return;
    const started = performance.now();
    const request = http.request({
      host: this.device.base.hostname,
      port: this.device.base.port,
      path: this.path,
      // Its own connection, as a browser's EventSource holds one.
      agent: false,
      localAddress: this.device.address,
      headers: {
        accept: 'text/event-stream',
        ...this.device.headers,
        ...(this.device.cookie ? { cookie: this.device.cookie } : {}),
        ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
      },
    });
    this.request = request;
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      this.device.logCall(this.callName, performance.now() - started, status);
      if (status === 204) {
        response.resume();
        this.stop();
        return;
      }
      if (status !== 200) {
        this.history.refused.set(status, (this.history.refused.get(status) ?? 0) + 1);
        response.resume();
        this.retryLater(Math.min(30_000, 1000 * 2 ** this.attempt++));
        return;
      }
      this.attempt = 0;
      this.history.connected.push([performance.now(), undefined]);
      this.on.open?.();
      response.setEncoding('utf8');
      let buffer = '';
      let event = 'message';
      let data: string[] = [];
      let id: string | undefined;
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (data.length > 0) {
              if (id !== undefined) this.lastEventId = id;
              this.on.message({ event, data: data.join('\n'), id, at: performance.now() });
            }
            event = 'message';
            data = [];
            id = undefined;
          } else if (line.startsWith(':')) {
            // A heartbeat comment.
          } else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'id') id = value;
            else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
          }
        }
      });
      const closed = () => {
        const last = this.history.connected.at(-1);
        if (last && last[1] === undefined) last[1] = performance.now();
        if (this.ended) return;
        this.history.drops++;
        this.retryLater(this.retryMs);
      };
      response.on('close', closed);
      response.on('error', () => undefined);
    });
    request.on('error', () => {
      if (this.ended) return;
      // No answer at all (refused, reset before the headers): as a network error.
      if (!this.isOpen) {
        this.history.refused.set(0, (this.history.refused.get(0) ?? 0) + 1);
        this.retryLater(Math.min(30_000, 1000 * 2 ** this.attempt++));
      }
    });
    request.end();
  }

  private retryLater(ms: number): void {
    if (this.ended) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), ms);
  }

  private stop(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.on.end?.();
  }

  /** Closes the stream for good (the page left it). */
  close(): void {
    this.ended = true;
    clearTimeout(this.timer);
    this.request?.destroy();
    const last = this.history.connected.at(-1);
    if (last && last[1] === undefined) last[1] = performance.now();
  }
}
