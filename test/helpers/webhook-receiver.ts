import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver got it. */
export interface ReceivedDelivery {
  headers: IncomingMessage['headers'];
  raw: string;
  body: {
    uuid: string;
    event_type: string;
    created_at: string;
    timestamp: number;
    subscription_uuid: string;
    data: Record<string, unknown>;
  };
  /** The signature verified with the subscription's secret, and the timestamp was fresh. */
  verified: boolean;
  /** Answered 2xx: the receiver took it (what "received once" counts). */
  acknowledged: boolean;
}

/** How the receiver answers: 200, an error status, or not at all until released. */
export type ReceiverMode = 'ok' | 'fail' | 'hold';

/**
 * A webhook endpoint as an integrator writes one (docs/webhooks.md "Verifying a delivery"): it
 * checks each delivery's `Signature` (hex HMAC-SHA256 of the raw body with the subscription's
 * secret, compared in constant time) and that its `timestamp` is within 5 minutes of `now`, and
 * keeps what it got. It answers as its `mode` says; it can be taken down (connections refused) and
 * brought up again on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  mode: ReceiverMode = 'ok';
  private readonly secrets = new Map<string, string>();
  private readonly held: { delivery: ReceivedDelivery; res: ServerResponse }[] = [];
  private readonly waiting: { count: number; resolve: () => void }[] = [];
  private server: Server | undefined;
  private port = 0;

  constructor(private readonly now: () => Date) {}

  /** The URL to subscribe (the receiver must be up). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Knows a subscription's secret (from its create answer). */
  trust(subscriptionUuid: string, secret: string): void {
    this.secrets.set(subscriptionUuid, secret);
  }

  /** Listens (on a free port the first time, then on the same one again). */
  async up(): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: deliveries meet a refused connection. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const { res } of this.held.splice(0)) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Resolves once `count` deliveries in all have arrived (answered or not). */
  until(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ count, resolve }));
  }

  /** The deliveries held so far: answered 200 now, and the mode back to `ok`. */
  release(): void {
    this.mode = 'ok';
    for (const { delivery, res } of this.held.splice(0)) {
      delivery.acknowledged = true;
      res.end('ok');
    }
  }

  /** How many held deliveries are still waiting for the answer. */
  get holding(): number {
    return this.held.length;
  }

  /** Acknowledged deliveries per `subscription uuid / event uuid`: what an integrator's store saw. */
  acknowledgedCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const d of this.received) {
      if (!d.acknowledged) continue;
      const key = `${d.body.subscription_uuid}/${d.body.uuid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as ReceivedDelivery['body'];
      const delivery: ReceivedDelivery = {
        headers: req.headers,
        raw,
        body,
        verified: this.verify(raw, body, req.headers),
        acknowledged: false,
      };
      this.received.push(delivery);
      for (const w of [...this.waiting]) {
        if (this.received.length >= w.count) {
          this.waiting.splice(this.waiting.indexOf(w), 1);
          w.resolve();
        }
      }
      if (this.mode === 'hold') this.held.push({ delivery, res });
      else if (this.mode === 'fail') res.writeHead(500).end('down for maintenance');
      else {
        delivery.acknowledged = true;
        res.end('ok');
      }
    });
  }

  // The check of docs/webhooks.md: the signature over the raw body, then the signed timestamp's age.
  private verify(raw: string, body: ReceivedDelivery['body'], headers: IncomingMessage['headers']): boolean {
    const secret = this.secrets.get(body.subscription_uuid);
    const signature = String(headers.signature ?? '');
    if (!secret || signature.length !== 64) return false;
    const expected = createHmac('sha256', secret).update(raw).digest('hex');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return false;
    const age = this.now().getTime() / 1000 - body.timestamp;
    return Math.abs(age) <= 300 && headers['webhook-timestamp'] === String(body.timestamp);
  }
}
