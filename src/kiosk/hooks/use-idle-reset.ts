import { useEffect, useRef, useState } from 'react';
import type { IdleOutcome, IdlePlan } from '../lib/idle-rule';
import { createIdleTimer, type IdleTimer } from '../lib/idle-timer';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs a screen's idle plan (lib/idle-rule.ts; null: none): after its seconds without a touch or
 * key, a visible countdown, then `onTimeout` with the plan's outcome. The wait starts again when
 * `screen` changes (counted from when a screen appeared). Returns the seconds left while counting
 * down (else null) and `stay`, which stops the countdown.
 */
export function useIdleReset(
  plan: IdlePlan | null,
  screen: string,
  onTimeout: (outcome: IdleOutcome) => void,
): { secondsLeft: number | null; stay: () => void } {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;
  // The outcome is read when the time is up: the session may have changed something meanwhile.
  const outcomeRef = useRef(plan?.outcome);
  outcomeRef.current = plan?.outcome;
  const timerRef = useRef<IdleTimer | null>(null);
  const seconds = plan?.seconds ?? null;
  const fromAppear = plan?.fromAppear ?? false;
  const countdownSeconds = plan?.countdownSeconds ?? 0;

  useEffect(() => {
    if (seconds === null || !screen) return;
    const timer = createIdleTimer(
      seconds,
      {
        onCountdown: setSecondsLeft,
        onReset: () => {
          if (outcomeRef.current) onTimeoutRef.current(outcomeRef.current);
        },
      },
      { fromAppear, countdownSeconds },
    );
    timerRef.current = timer;
    const onActivity = () => timer.activity();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      timer.dispose();
      timerRef.current = null;
      setSecondsLeft(null);
    };
  }, [seconds, fromAppear, countdownSeconds, screen]);

  return { secondsLeft, stay: () => timerRef.current?.activity() };
}
