import type { FastifyInstance } from 'fastify';
import { expireDueSessions } from '../domain/portal-sessions';

/** How often each process looks for open portal sessions past their expiry. */
export const SESSION_EXPIRY_INTERVAL_MS = 1000;
const BATCH = 100;

/**
 * Expires portal sessions on time without any kiosk (README "Session expiry"): once a second
 * while the app runs, every due session becomes `expired` with one `session_expired` event, which
 * the POS's event stream and the shop's standby screens hear. Every process runs it; each session
 * is expired once (expireDueSessions). A failed round (database away) is logged and tried again.
 */
export function registerSessionExpiry(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let running = false;
  const run = () => {
    if (running) return;
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
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, SESSION_EXPIRY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await round;
  });
}
