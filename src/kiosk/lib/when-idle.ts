/**
 * Runs `work` once the page is idle (at the latest after `timeoutMs`), as a task of its own: for
 * what the screens will need soon but the current one does not. Answers a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 300);
  return () => clearTimeout(timer);
}

/**
 * Runs `work` in a task of its own once the next frame is painted (at the latest after `timeoutMs`:
 * a hidden page paints no frames): for what must not hold up the screen the customer waits for,
 * like the refetch that confirms an answer already on it (a request costs a slow tablet's main
 * thread milliseconds). Answers a cancel.
 */
export function afterNextPaint(work: () => void, timeoutMs = 500): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  const fallback = setTimeout(run, timeoutMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}
