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
