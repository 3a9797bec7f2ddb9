import type { FastifyInstance } from 'fastify';
import { expireDueSessions } from '../domain/portal-sessions/sessions';

/** How often each process looks for open portal sessions past their expiry. */
export const SESSION_EXPIRY_INTERVAL_MS = 1000;
const BATCH = 100;

/**
 * What runs the expiry job: calls `round` every `ms` until the answered function stops it. The
 * service's is intervalTimer; tests pass one they drive a round at a time (with the app's clock).
 */
export type RoundTimer = (round: () => Promise<void>, ms: number) => () => void;

/** setInterval, which does not keep the process alive. */
export const intervalTimer: RoundTimer = (round, ms) => {
  const timer = setInterval(() => void round(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Expires portal sessions on time without any kiosk (docs/api.md "Session expiry"): once a second
 * (`timer`) while the app runs, every session due by the app's clock becomes `expired` with one
 * `session_expired` event, which the POS's event stream and the shop's standby screens hear. Every
 * process runs it; each session is expired once (expireDueSessions). A failed round (database
 * away) is logged and tried again. A round asked for while one runs answers that one.
 */
export function registerSessionExpiry(app: FastifyInstance, timer: RoundTimer = intervalTimer): void {
  let stop: () => void = () => undefined;
  let round: Promise<void> = Promise.resolve();
  let running = false;
  const run = () => {
    if (running) return round;
    running = true;
    round = (async () => {
      try {
        // Batch after batch until none is left, so a backlog clears within the round.
        let expired: number;
        do expired = await app.tx((tx) => expireDueSessions(tx, app.dialect, BATCH));
        while (expired === BATCH);
      } catch (err) {
        app.log.warn({ err }, 'session expiry round failed');
      } finally {
        running = false;
      }
    })();
    return round;
  };
  app.addHook('onReady', async () => {
    stop = timer(run, SESSION_EXPIRY_INTERVAL_MS);
  });
  app.addHook('preClose', async () => {
    stop();
    await round;
  });
}
