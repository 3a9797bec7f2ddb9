/** What the idle timer tells its owner. */
export interface IdleTimerEvents {
  /** Seconds left before the reset, each second of the countdown; null when the countdown stops. */
  onCountdown: (secondsLeft: number | null) => void;
  /** Nobody touched the screen through the countdown. */
  onReset: () => void;
}

export interface IdleTimer {
  /** A touch or key press: stops any countdown and starts waiting again. */
  activity(): void;
  /** Stops everything (unmount). */
  dispose(): void;
}

/** Length of the visible countdown before an idle reset, in seconds. */
export const IDLE_COUNTDOWN_SECONDS = 10;

/**
 * Idle handling in explicit phases (vxsuite's quit-on-idle): `idleSeconds` without activity, then
 * a visible countdown of `countdownSeconds`, then onReset. The wait starts at once when
 * `fromAppear` (a screen that shows a customer's data is never left up untouched), else at the
 * first touch (a first screen nobody used has nothing to clear); after a reset, at the next touch.
 */
export function createIdleTimer(
  idleSeconds: number,
  events: IdleTimerEvents,
  { countdownSeconds = IDLE_COUNTDOWN_SECONDS, fromAppear = true } = {},
): IdleTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let counting = false;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    if (counting) {
      counting = false;
      events.onCountdown(null);
    }
  };
  const tick = (left: number) => {
    if (left <= 0) {
      counting = false;
      timer = undefined;
      events.onCountdown(null);
      events.onReset();
      return;
    }
    counting = true;
    events.onCountdown(left);
    timer = setTimeout(() => tick(left - 1), 1000);
  };
  const wait = () => {
    stop();
    timer = setTimeout(() => tick(countdownSeconds), Math.max(0, idleSeconds) * 1000);
  };

  if (fromAppear) wait();
  return { activity: wait, dispose: stop };
}
