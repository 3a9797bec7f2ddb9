/**
 * The fleet the load generator plays: standby tablets, paired consoles and POS registers, each with
 * its shop's loopback address, making the calls the kiosk (src/kiosk/api) and the console
 * (src/cashier/api) make, and the customers who go through whole sessions at the counter. Every
 * message a stream receives is kept with its time, so that the run can say afterwards what was
 * late, lost or received twice.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, type CallLog, Device, EventSourceClient, type StreamMessage } from './client';
import type { FleetShop } from './fixture';

/** The coffee chain's mix of sessions (weights), as a Saturday's till starts them. */
export const SESSION_MIX = [
  { kind: 'pos_credit', weight: 55 },
  { kind: 'console_credit', weight: 20 },
  { kind: 'identify', weight: 15 },
  { kind: 'pay_prepaid', weight: 10 },
] as const;
export type SessionKind = (typeof SESSION_MIX)[number]['kind'];

/** One session's course, with the times (performance.now()) of its steps. */
export interface SessionRun {
  uuid: string;
  kind: SessionKind;
  shop: FleetShop;
  /** The POS or console sent the create request. */
  createSent: number;
  created?: number;
  /** When each standby tablet of the shop showed it (first time, per connection), by token. */
  switched: Map<string, number>;
  completeSent?: number;
  completed?: number;
  /** When each console of the shop had it in Today as completed, by token. */
  todayUpdated: Map<string, number>;
  failed?: string;
  /** Resolvers waiting for a step (the counter tablet's switch, the purchase, a stream event). */
  waiters: Map<string, () => void>;
}

/** Calls that change something are retried as the screens retry them: same Idempotency-Key. */
async function act(device: Device, name: string, path: string, body: unknown = {}): Promise<Answer> {
  const key = randomUUID();
  let answer: Answer = { status: 0, body: undefined, headers: {} };
  for (let attempt = 0; attempt < 4; attempt++) {
    answer = await device.call(name, 'POST', path, body, { 'idempotency-key': key });
    if (answer.status !== 0 && answer.status !== 502 && answer.status !== 503) return answer;
    await sleep(1000);
  }
  return answer;
}

function ok(answer: Answer, name: string): Record<string, unknown> {
  if (answer.status < 200 || answer.status >= 300) {
    const body = answer.body as { error?: { reason?: string; message?: string } } | undefined;
    throw new Error(
      `${name}: HTTP ${answer.status} ${body?.error?.reason ?? body?.error?.message ?? ''}`.trim(),
    );
  }
  return (answer.body as { data: Record<string, unknown> }).data;
}

/** Messages a long-lived stream received, by connection (index into its history.connected). */
interface Received {
  /** session uuid → the connection (index) and time of each arrival as the new session shown. */
  sessions: Map<string, { connection: number; at: number }[]>;
}

/** A standby tablet: its device stream, and the session stream of each session it switches to. */
export class Tablet {
  readonly device: Device;
  stream!: EventSourceClient;
  readonly received: Received = { sessions: new Map() };
  /** Session uuid → ids received on its session stream (every reconnection). */
  readonly sessionEvents = new Map<string, { ids: string[]; opened: boolean }>();
  private current: string | null = null;

  constructor(
    readonly fleet: Fleet,
    readonly shop: FleetShop,
    readonly token: string,
    readonly counter: boolean,
  ) {
    this.device = new Device(fleet.base, shop.address, fleet.log);
  }

  async connect(): Promise<void> {
    const path = `/portal/api/devices/${encodeURIComponent(this.token)}`;
    ok(await this.device.call('tablet: GET device', 'GET', path), 'GET device');
    await new Promise<void>((resolve) => {
      this.stream = new EventSourceClient(this.device, `${path}/stream`, 'tablet: device stream (open)', {
        open: () => {
          // A reconnect shows the state anew, whatever it was.
          this.current = null;
          resolve();
        },
        message: (message) => this.onState(message),
      });
    });
  }

  private onState(message: StreamMessage): void {
    if (message.event !== 'device_state') return;
    const state = JSON.parse(message.data) as { session: { uuid: string } | null };
    const uuid = state.session?.uuid ?? null;
    if (uuid === this.current) return;
    this.current = uuid;
    if (!uuid) return;
    const connection = this.stream.history.connected.length - 1;
    const seen = this.received.sessions.get(uuid) ?? [];
    seen.push({ connection, at: message.at });
    this.received.sessions.set(uuid, seen);
    const run = this.fleet.sessions.get(uuid);
    if (run && !run.switched.has(this.token)) run.switched.set(this.token, message.at);
    if (seen.length === 1) this.follow(uuid);
    if (this.counter) run?.waiters.get('switched')?.();
  }

  /** As the kiosk shows a session: fetch it, follow its stream, refetch on each event. */
  private follow(uuid: string): void {
    const path = `/portal/api/sessions/${uuid}`;
    const events = { ids: [] as string[], opened: false };
    this.sessionEvents.set(uuid, events);
    void this.device.call('tablet: GET session', 'GET', path);
    const stream = new EventSourceClient(this.device, `${path}/stream`, 'tablet: session stream (open)', {
      open: () => {
        events.opened = true;
      },
      message: (message) => {
        if (message.event !== 'portal_event' || !message.id) return;
        events.ids.push(message.id);
        const type = (JSON.parse(message.data) as { type?: string }).type ?? '';
        this.fleet.sessions.get(uuid)?.waiters.get(`tablet:${type}`)?.();
        // The kiosk refetches the session after each event; once ended, it stops following.
        void this.device.call('tablet: GET session', 'GET', path);
        if (/^session_(completed|cancelled|expired)$/.test(type)) stream.close();
      },
    });
    this.fleet.sessionStreams.push(stream);
  }
}

/** A paired cashier console: the shop stream, Today, and the session it started. */
export class Console {
  readonly device: Device;
  stream!: EventSourceClient;
  /** `${session} ${status}` → connection indexes it arrived on. */
  readonly changes = new Map<string, number[]>();
  readonly sessionEvents = new Map<string, { ids: string[]; opened: boolean }>();
  private fetching = false;
  private again = false;
  private followed: string | undefined;

  constructor(
    readonly fleet: Fleet,
    readonly shop: FleetShop,
    readonly token: string,
  ) {
    this.device = new Device(fleet.base, shop.address, fleet.log);
  }

  async connect(): Promise<void> {
    const pair = await this.device.call('console: POST pair', 'POST', '/cashier/api/pair', {
      token: this.token,
    });
    ok(pair, 'pair');
    const cookie = pair.headers['set-cookie']?.[0]?.split(';')[0];
    if (!cookie) throw new Error('pair: no cookie');
    this.device.cookie = cookie;
    ok(await this.device.call('console: GET device', 'GET', '/cashier/api/device'), 'GET device');
    await this.today();
    await new Promise<void>((resolve) => {
      this.stream = new EventSourceClient(this.device, '/cashier/api/stream', 'console: shop stream (open)', {
        open: () => {
          void this.today();
          resolve();
        },
        message: (message) => {
          if (message.event !== 'shop_session') return;
          const change = JSON.parse(message.data) as { session: string; status: string };
          const key = `${change.session} ${change.status}`;
          const seen = this.changes.get(key) ?? [];
          seen.push(this.stream.history.connected.length - 1);
          this.changes.set(key, seen);
          void this.today();
          if (this.followed)
            void this.device.call('console: GET session', 'GET', `/cashier/api/sessions/${this.followed}`);
        },
      });
    });
  }

  /** Today's sessions, as the console's list refetches them: one fetch at a time, the last one again. */
  async today(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    try {
      do {
        this.again = false;
        const since = new Date(new Date().setHours(0, 0, 0, 0)).toISOString();
        const answer = await this.device.call(
          'console: GET sessions (Today)',
          'GET',
          `/cashier/api/sessions?since=${encodeURIComponent(since)}`,
        );
        const at = performance.now();
        if (answer.status !== 200) continue;
        for (const summary of (answer.body as { data: { uuid: string; status: string }[] }).data) {
          if (summary.status !== 'completed') continue;
          const run = this.fleet.sessions.get(summary.uuid);
          if (run && !run.todayUpdated.has(this.token)) run.todayUpdated.set(this.token, at);
        }
      } while (this.again);
    } finally {
      this.fetching = false;
    }
  }

  /**
   * Starts a credit-reception session the cashier rings up afterwards: follows it, and sends the
   * purchase amount once the customer is identified (waiting_for_purchase).
   */
  async startCreditReception(run: SessionRun, amountInCents: number): Promise<string> {
    const created = ok(
      await act(this.device, 'console: POST sessions (start)', '/cashier/api/sessions', {
        type: 'credit_reception',
      }),
      'console start',
    );
    const uuid = created.uuid as string;
    this.followed = uuid;
    const path = `/cashier/api/sessions/${uuid}`;
    const events = { ids: [] as string[], opened: false };
    this.sessionEvents.set(uuid, events);
    let purchased = false;
    const stream = new EventSourceClient(this.device, `${path}/stream`, 'console: session stream (open)', {
      open: () => {
        events.opened = true;
      },
      message: (message) => {
        if (message.event !== 'portal_event' || !message.id) return;
        events.ids.push(message.id);
        const type = (JSON.parse(message.data) as { type?: string }).type ?? '';
        if (/^session_(completed|cancelled|expired)$/.test(type)) {
          stream.close();
          return;
        }
        void this.device.call('console: GET session', 'GET', path).then(async (answer) => {
          const session =
            answer.status === 200
              ? (answer.body as { data: { waiting_for_purchase: boolean } }).data
              : undefined;
          if (!session?.waiting_for_purchase || purchased) return;
          purchased = true;
          await sleep(this.fleet.thinkMs);
          const sent = await act(this.device, 'console: POST purchase', `${path}/purchase`, {
            amount_in_cents: amountInCents,
          });
          if (sent.status === 200) run.waiters.get('purchased')?.();
          else run.failed ??= `purchase: HTTP ${sent.status}`;
        });
      },
    });
    this.fleet.sessionStreams.push(stream);
    return uuid;
  }
}

/** Everything the load generator plays, and what it saw. */
export class Fleet {
  readonly sessions = new Map<string, SessionRun>();
  readonly tablets: Tablet[] = [];
  readonly consoles: Console[] = [];
  readonly registers = new Map<FleetShop, Device>();
  readonly sessionStreams: EventSourceClient[] = [];
  /** Shops with a session under way (one counter serves one customer at a time). */
  readonly busy = new Set<FleetShop>();
  readonly runs: SessionRun[] = [];
  private next = 0;

  constructor(
    readonly base: URL,
    readonly log: CallLog,
    readonly shops: FleetShop[],
    readonly cards: string[],
    readonly thinkMs: number,
  ) {
    for (const shop of shops) {
      shop.standby.forEach((token, i) => {
        this.tablets.push(new Tablet(this, shop, token, i === 0));
      });
      for (const token of shop.consoles) this.consoles.push(new Console(this, shop, token));
      this.registers.set(
        shop,
        new Device(base, shop.address, log, { authorization: `Bearer ${shop.registerKey}` }),
      );
    }
  }

  /** Opens every device's streams, `parallel` at a time (a chain's morning). */
  async connect(parallel = 25): Promise<void> {
    const devices: (Tablet | Console)[] = [...this.consoles, ...this.tablets];
    let index = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (index < devices.length) await devices[index++]!.connect();
      }),
    );
  }

  /** A session kind by the mix; a console's kind only where a shop has a free console. */
  private pick(): { kind: SessionKind; shop: FleetShop } | undefined {
    let roll = Math.random() * SESSION_MIX.reduce((sum, k) => sum + k.weight, 0);
    let kind: SessionKind = 'pos_credit';
    for (const k of SESSION_MIX) {
      roll -= k.weight;
      if (roll < 0) {
        kind = k.kind;
        break;
      }
    }
    // The next free counter; a console's session where a shop with a console is free, else the POS's.
    let free: FleetShop | undefined;
    for (let tried = 0; tried < this.shops.length; tried++) {
      const shop = this.shops[(this.next + tried) % this.shops.length]!;
      if (this.busy.has(shop) || shop.standby.length === 0) continue;
      free ??= shop;
      if (kind === 'console_credit' && shop.consoles.length === 0) continue;
      this.next += tried + 1;
      return { kind, shop };
    }
    if (!free) return undefined;
    this.next = free.index + 1;
    return { kind: 'pos_credit', shop: free };
  }

  /** Starts one session at the next free counter; false when every counter is busy. */
  start(): boolean {
    const picked = this.pick();
    if (!picked) return false;
    this.busy.add(picked.shop);
    void this.runSession(picked.kind, picked.shop).finally(() => this.busy.delete(picked.shop));
    return true;
  }

  private waitFor(run: SessionRun, step: string, ms = 15_000): Promise<void> {
    const waiting = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        run.waiters.delete(step);
        reject(new Error(`no ${step} within ${ms / 1000} s`));
      }, ms);
      run.waiters.set(step, () => {
        clearTimeout(timer);
        run.waiters.delete(step);
        resolve();
      });
    });
    // Awaited later, or not at all when an earlier step failed: never an unhandled rejection.
    waiting.catch(() => undefined);
    return waiting;
  }

  /** One customer's whole session: create → switch → scan → credits/payment → complete. */
  private async runSession(kind: SessionKind, shop: FleetShop): Promise<void> {
    const run: SessionRun = {
      uuid: '',
      kind,
      shop,
      createSent: performance.now(),
      switched: new Map(),
      todayUpdated: new Map(),
      waiters: new Map(),
    };
    this.runs.push(run);
    const amount = 250 + Math.floor(Math.random() * 1250);
    const card = this.cards[Math.floor(Math.random() * this.cards.length)]!;
    const counter = this.tablets.find((t) => t.shop === shop && t.counter)!.device;
    const pos = this.registers.get(shop)!;
    const think = () => sleep(this.thinkMs);
    try {
      // The switch may arrive before the create's answer: listen first.
      let switched: Promise<void> | undefined;
      const register = (uuid: string) => {
        run.uuid = uuid;
        this.sessions.set(uuid, run);
      };
      const created = async (answer: Promise<Answer>, name: string) => {
        const data = ok(await answer, name);
        run.created = performance.now();
        return data.uuid as string;
      };
      if (kind === 'console_credit') {
        const console = this.consoles.find((c) => c.shop === shop)!;
        switched = this.waitFor(run, 'switched');
        register(await console.startCreditReception(run, amount));
        run.created = performance.now();
        this.recheckSwitch(run);
      } else {
        const body = { shop_uuid: shop.uuid, ...(kind === 'identify' ? {} : { amount_in_cents: amount }) };
        const path = {
          pos_credit: '/portal-sessions/credit-reception',
          identify: '/portal-sessions',
          pay_prepaid: '/portal-sessions/pay-prepaid',
        }[kind];
        switched = this.waitFor(run, 'switched');
        register(await created(act(pos, `POS: POST ${path}`, path, body), 'create'));
        this.recheckSwitch(run);
      }
      await switched;
      const session = `/portal/api/sessions/${run.uuid}`;
      await think();
      ok(await act(counter, 'tablet: POST identify', `${session}/identify`, { value: card }), 'identify');
      if (kind === 'pos_credit') {
        await think();
        ok(await act(counter, 'tablet: POST credit-reception', `${session}/credit-reception`), 'credit');
      } else if (kind === 'console_credit') {
        // The console sends the purchase once it sees the customer; the tablet's stream then says so.
        await Promise.all([
          this.waitFor(run, 'tablet:pos_transaction_pushed'),
          this.waitFor(run, 'purchased'),
        ]);
        ok(await act(counter, 'tablet: POST credit-reception', `${session}/credit-reception`), 'credit');
      } else if (kind === 'identify') {
        await Promise.all(
          ['rewards', 'stats', 'vouchers'].map((name) =>
            counter.call(`tablet: GET ${name}`, 'GET', `${session}/${name}`),
          ),
        );
        await think();
      } else {
        await think();
        ok(await act(counter, 'tablet: POST prepaid/pay', `${session}/prepaid/pay`), 'pay');
      }
      await think();
      run.completeSent = performance.now();
      ok(await act(counter, 'tablet: POST complete', `${session}/complete`), 'complete');
      run.completed = performance.now();
    } catch (err) {
      run.failed ??= (err as Error).message;
    }
  }

  /** The shop's tablets may have shown the session before its create answered: match them now. */
  private recheckSwitch(run: SessionRun): void {
    for (const tablet of this.tablets) {
      if (tablet.shop !== run.shop) continue;
      const first = tablet.received.sessions.get(run.uuid)?.[0];
      if (first && !run.switched.has(tablet.token)) run.switched.set(tablet.token, first.at);
      if (tablet.counter && run.switched.has(tablet.token)) run.waiters.get('switched')?.();
    }
  }

  /** Sessions not yet over (completed or failed). */
  get inFlight(): number {
    return this.runs.filter((r) => r.completed === undefined && r.failed === undefined).length;
  }

  close(): void {
    for (const tablet of this.tablets) {
      tablet.stream?.close();
      tablet.device.close();
    }
    for (const console of this.consoles) {
      console.stream?.close();
      console.device.close();
    }
    for (const stream of this.sessionStreams) stream.close();
    for (const device of this.registers.values()) device.close();
  }
}
