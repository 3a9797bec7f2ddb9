import { useEffect, useState } from 'react';

/** How long a number takes to count to its new value. */
const DURATION_MS = 700;

/**
 * A number counting from `from` to `to` when the screen appears (credits up, a gift card's balance
 * down), so the customer sees what changed. Rounded to whole steps of `step` (1 credit, 1 cent).
 * Only what is drawn moves: buttons and the next step never wait for it, and with
 * `prefers-reduced-motion` it shows `to` at once.
 */
export function useCountTo(to: number, from: number, step = 1): number {
  // A number that does not change (most of them) asks no media query.
  const [value, setValue] = useState(() => (from === to || reducedMotion() ? to : from));
  useEffect(() => {
    if (from === to || reducedMotion()) {
      setValue(to);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / DURATION_MS);
      const eased = 1 - (1 - t) ** 3;
      setValue(t >= 1 ? to : Math.round((from + (to - from) * eased) / step) * step);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [from, to, step]);
  return value;
}

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
