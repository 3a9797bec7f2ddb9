import { useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/when-idle';

/**
 * False until the calling component's first render has been painted, then true: for the part of a
 * screen that may come a frame after the rest (what the customer waits for shows first).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
