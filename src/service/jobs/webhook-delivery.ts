import { type AddressInfo, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_TOPIC } from '../domain/webhooks/events';
import type { OwnEndpoint, WebhookTargetPolicy } from '../domain/webhooks/targets';
import { REAL_TIMERS, WebhookDispatcher, type WebhookTimers } from '../webhooks/dispatcher';
import { type Resolve, SYSTEM_RESOLVE } from '../webhooks/target-connection';
import { intervalTimer, type RoundTimer } from './session-expiry';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook dispatcher (docs/webhooks.md "Delivery"). */
    webhooks: WebhookDispatcher;
    /** Where webhooks may be delivered, as this process runs (docs/webhooks.md "Where deliveries may go"). */
    webhookTargets: WebhookTargetPolicy;
  }
}

/** How the app runs its webhook dispatcher (tests: by hand, with their own timers). */
export interface WebhookDeliveryDeps {
  /** Deliver in the background (default); false: only when `app.webhooks.drain()` is called. */
  background?: boolean;
  /** What looks for due retries every WEBHOOK_POLL_MS in the background (default: intervalTimer). */
  poll?: RoundTimer;
  /** What cuts a try at its timeout (default: Node's timers). */
  timers?: WebhookTimers;
  /** What resolves the host names of subscription URLs (default: the system's resolver). */
  resolve?: Resolve;
}

/** How often an idle process looks for due retries. */
export const WEBHOOK_POLL_MS = 2000;
/** How long delivered and given-up deliveries stay in the delivery log. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Runs the webhook dispatcher in every process while the app runs: woken when a committed change
 * wrote deliveries (the bus: every process on PostgreSQL) and every WEBHOOK_POLL_MS for retries;
 * each delivery is sent by one process (webhooks/outbox.ts). Closing the app gives running tries back.
 */
export function registerWebhookDelivery(app: FastifyInstance, deps: WebhookDeliveryDeps = {}): void {
  const policy = targetPolicy(app);
  app.decorate('webhookTargets', policy);
  const dispatcher = new WebhookDispatcher({
    run: (work) => app.tx(work),
    dialect: app.dialect,
    clock: app.clock,
    timers: deps.timers ?? REAL_TIMERS,
    timeoutMs: app.config.webhookTimeoutSeconds * 1000,
    concurrency: app.config.webhookConcurrency,
    perOrigin: Math.max(1, Math.floor(app.config.webhookConcurrency / 4)),
    policy,
    resolve: deps.resolve ?? SYSTEM_RESOLVE,
    keepMs: WEBHOOK_LOG_DAYS * 86_400_000,
    warn: (err, message) => app.log.warn({ err }, message),
  });
  app.decorate('webhooks', dispatcher);
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    if (deps.background === false) return;
    unsubscribe = app.bus.subscribe(WEBHOOK_TOPIC, () => dispatcher.wake());
    dispatcher.start(deps.poll ?? intervalTimer, WEBHOOK_POLL_MS);
  });
  app.addHook('preClose', async () => {
    unsubscribe?.();
    await dispatcher.close();
  });
}

/**
 * The target policy of this process: private networks as `--webhook-allow-private-networks` says;
 * its own endpoints are where it listens (`--host`/`--port`, the port it got once listening) and
 * the metrics port, on every address of the machine when bound to all of them.
 */
function targetPolicy(app: FastifyInstance): WebhookTargetPolicy {
  const { host, port, metricsPort } = app.config;
  // Every address, or a name (`localhost`): any of the machine's addresses may be it.
  const wildcard = (address: string) =>
    address === '0.0.0.0' || address === '::' || isIP(address) === 0 ? '*' : address;
  return {
    allowPrivateNetworks: app.config.webhookAllowPrivateNetworks,
    ownEndpoints: () => {
      const listening = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
      const main: OwnEndpoint = listening
        ? { address: wildcard(listening.address), port: listening.port }
        : { address: wildcard(host), port };
      const metrics = metricsPort === undefined ? [] : [{ address: wildcard(host), port: metricsPort }];
      return [main, ...metrics];
    },
    localAddresses: () =>
      Object.values(networkInterfaces())
        .flat()
        .flatMap((i) => (i ? [i.address] : [])),
  };
}
