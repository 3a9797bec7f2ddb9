import { IDLE_COUNTDOWN_SECONDS as COUNTDOWN } from './idle-timer';

/**
 * What a screen left alone does (docs/design.md "Kiosk flows": a screen resets after a bounded time
 * without a touch, counted from when it appeared, so no customer's data is left for the next one):
 * - `start`: the flow's first screen, showing nobody's data: after a touch, `idle_seconds`, then
 *   the flow starts over (clearing what was typed or said);
 * - `entry`: a later identification screen (a typed e-mail, a message about a card): from when it
 *   appears, `idle_seconds`, then the flow starts over;
 * - `customer`: an identified customer's data (balances, vouchers, a scanned card): from when it
 *   appears, `idle_seconds`, then the session ends — completed when it changed something, else
 *   cancelled — so the POS and a standby screen follow;
 * - `result`: an outcome (credits earned, a payment, a redeemed voucher): from when it appears,
 *   `end_screen_seconds`, then the session completes at once, with no countdown ("are you still
 *   there?" would only keep the next customer waiting; a touch still restarts the wait);
 * - `busy`: an action is under way: no timer, its outcome decides.
 * After the wait comes the visible countdown (lib/idle-timer.ts), which a touch stops; a result has none.
 */
export type IdleRule = 'start' | 'entry' | 'customer' | 'result' | 'busy';

/** What happens when the countdown runs out. */
export type IdleOutcome = 'reset' | 'complete' | 'cancel';

/** The idle timer of a screen: seconds without a touch before the countdown, when it starts, and the outcome. */
export interface IdlePlan {
  seconds: number;
  fromAppear: boolean;
  outcome: IdleOutcome;
  /** Seconds of the visible countdown after the wait (0: none). */
  countdownSeconds: number;
}

/**
 * The plan for a screen under `rule`, with the account's timings (`kiosk`, seconds) and whether the
 * session has changed anything yet (lib/session-outcome.ts madeChanges). Null: no timer.
 */
export function idlePlan(
  rule: IdleRule,
  kiosk: { idle_seconds: number; end_screen_seconds: number },
  changed: boolean,
): IdlePlan | null {
  switch (rule) {
    case 'busy':
      return null;
    case 'start':
      return {
        seconds: kiosk.idle_seconds,
        fromAppear: false,
        outcome: 'reset',
        countdownSeconds: COUNTDOWN,
      };
    case 'entry':
      return { seconds: kiosk.idle_seconds, fromAppear: true, outcome: 'reset', countdownSeconds: COUNTDOWN };
    case 'customer':
      return {
        seconds: kiosk.idle_seconds,
        fromAppear: true,
        outcome: changed ? 'complete' : 'cancel',
        countdownSeconds: COUNTDOWN,
      };
    case 'result':
      return {
        seconds: kiosk.end_screen_seconds,
        fromAppear: true,
        outcome: 'complete',
        countdownSeconds: 0,
      };
  }
}
