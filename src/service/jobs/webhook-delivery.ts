import type { FastifyInstance } from 'fastify';
import { WEBHOOK_TOPIC } from '../domain/webhook-events';
import { REAL_TIMERS, WebhookDispatcher, type WebhookTimers } from '../webhooks/dispatcher';
import { intervalTimer, type RoundTimer } from './session-expiry';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook dispatcher (docs/webhooks.md "Delivery"). */
    webhooks: WebhookDispatcher;
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
  const dispatcher = new WebhookDispatcher({
    run: (work) => app.tx(work),
    dialect: app.dialect,
    clock: app.clock,
    timers: deps.timers ?? REAL_TIMERS,
    timeoutMs: app.config.webhookTimeoutSeconds * 1000,
    concurrency: app.config.webhookConcurrency,
    perSubscription: Math.max(1, Math.floor(app.config.webhookConcurrency / 4)),
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
