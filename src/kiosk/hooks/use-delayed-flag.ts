import { useEffect, useState } from 'react';

/**
 * `flag` once it has stayed true for `delayMs`, false at once when it turns false: for a busy
 * indicator that a quick answer would only flash (and whose insertion would cost that answer's
 * screen a style and layout pass on a slow tablet).
 */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [flag, delayMs]);
  return flag && late;
}
