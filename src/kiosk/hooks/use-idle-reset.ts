import { useEffect, useRef, useState } from 'react';
import { createIdleTimer, type IdleTimer } from '../lib/idle-timer';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Resets a screen nobody uses (lib/idle-timer.ts): after `idleSeconds` without a touch or key,
 * a visible countdown; then `onReset`. Returns the seconds left while counting down (else null)
 * and `stay`, which stops the countdown.
 */
export function useIdleReset(
  idleSeconds: number,
  onReset: () => void,
  enabled = true,
): { secondsLeft: number | null; stay: () => void } {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const onResetRef = useRef(onReset);
  onResetRef.current = onReset;
  const timerRef = useRef<IdleTimer | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const timer = createIdleTimer(idleSeconds, {
      onCountdown: setSecondsLeft,
      onReset: () => onResetRef.current(),
    });
    timerRef.current = timer;
    const onActivity = () => timer.activity();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      timer.dispose();
      timerRef.current = null;
      setSecondsLeft(null);
    };
  }, [idleSeconds, enabled]);

  return { secondsLeft, stay: () => timerRef.current?.activity() };
}
