import { useEffect, useRef, useState } from 'react';

/** Counts `seconds` down once a second, then calls `onDone` once. Returns the seconds left. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        onDoneRef.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return left;
}
