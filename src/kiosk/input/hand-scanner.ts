import { useLayoutEffect, useRef } from 'react';

/** Options of the keyboard-wedge detector; times in milliseconds. */
export interface WedgeDetectorOptions {
  /** Longest gap between two characters of one scan (a scanner types every few ms, a person ~100+). */
  maxGapMs?: number;
  /** Fewest characters a scan has; shorter bursts are discarded. */
  minLength?: number;
  /** Clock used when `feed` gets no timestamp. */
  now?: () => number;
}

/** Feeds key presses one by one; answers the scanned value when an Enter ends a fast burst. */
export interface WedgeDetector {
  /**
   * `key` is a KeyboardEvent.key: one printable character, or 'Enter'; other keys are ignored.
   * @returns the scanned value, or null while no scan is complete.
   */
  feed(key: string, timestamp?: number): string | null;
  /** Forgets a burst in progress. */
  reset(): void;
}

export const DEFAULT_MAX_GAP_MS = 35;
export const DEFAULT_MIN_LENGTH = 4;
/** A late key (up to this many gaps) is a hiccup of an established burst, not its end. */
const STRAGGLER_FACTOR = 3;

/**
 * Keyboard-wedge (hand scanner) detection: characters arriving at most `maxGapMs` apart, ended by
 * Enter, at least `minLength` of them. Event delivery jitters now and then (one key 38 ms late in a
 * 7 ms stream, measured under load), so a burst of two or more characters survives one late key up
 * to 3 × `maxGapMs` as long as its mean gap, Enter included, stays within `maxGapMs`. Anything slower
 * starts a new burst, so human typing (~100 ms or more a key) never adds up to a scan. Pure:
 * unit-tested with explicit timestamps.
 */
export function createWedgeDetector(options: WedgeDetectorOptions = {}): WedgeDetector {
  const maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const stragglerMs = maxGapMs * STRAGGLER_FACTOR;
  const now = options.now ?? (() => performance.now());
  let buffer = '';
  let gapSum = 0;
  let last = Number.NEGATIVE_INFINITY;

  const reset = () => {
    buffer = '';
    gapSum = 0;
  };

  return {
    feed(key, timestamp = now()) {
      if (key !== 'Enter' && key.length !== 1) return null;
      const gap = timestamp - last;
      last = timestamp;
      const continues = gap <= maxGapMs || (gap <= stragglerMs && buffer.length >= 2);
      if (key === 'Enter') {
        const meanGap = (gapSum + gap) / buffer.length;
        const value = continues && buffer.length >= minLength && meanGap <= maxGapMs ? buffer : null;
        reset();
        return value;
      }
      if (continues && buffer.length > 0) {
        buffer += key;
        gapSum += gap;
      } else {
        buffer = key;
        gapSum = 0;
      }
      return null;
    },
    reset() {
      reset();
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/** True when typing goes into a field: the hand scanner then leaves the keys alone. */
function isEditable(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** What listens for scans: the screen on top gets each one. */
export interface ScanRouter {
  /** Hands a scanned value to the newest subscriber, or keeps it while nobody has subscribed yet. */
  deliver(value: string): void;
  /** Adds a listener (it gets a scan kept from before the first screen, if still fresh); answers its removal. */
  subscribe(onScan: (value: string) => void): () => void;
}

/** How long a scan made before any scan screen existed (the page still loading) stays usable. */
export const BOOT_SCAN_MAX_AGE_MS = 10_000;

/**
 * Routes scans to the screen listening now (the newest subscriber). A scan that arrives before the
 * first screen ever listened (the kiosk still loading its session) is kept for `maxAgeMs` and given
 * to that first screen: a hand scanner does not wait for the page. Later gaps between screens keep
 * nothing, so a code scanned on a result screen never reaches the next customer's scan screen.
 */
export function createScanRouter(options: { maxAgeMs?: number; now?: () => number } = {}): ScanRouter {
  const maxAgeMs = options.maxAgeMs ?? BOOT_SCAN_MAX_AGE_MS;
  const now = options.now ?? (() => performance.now());
  const listeners: ((value: string) => void)[] = [];
  let booting = true;
  let kept: { value: string; at: number } | null = null;
  return {
    deliver(value) {
      const listener = listeners.at(-1);
      if (listener) listener(value);
      else if (booting) kept = { value, at: now() };
    },
    subscribe(onScan) {
      listeners.push(onScan);
      booting = false;
      const early = kept;
      kept = null;
      if (early && now() - early.at <= maxAgeMs) onScan(early.value);
      return () => {
        const i = listeners.lastIndexOf(onScan);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
  };
}

const pageScans = createScanRouter();
let listening = false;

/**
 * Starts listening for a keyboard-wedge hand scanner on the whole page (window keydown, capture
 * phase), except while an editable element has focus. Called once at start-up, before React renders,
 * so a code scanned while the kiosk loads is not lost; later calls do nothing. The Enter that ends
 * a scan is swallowed so it cannot press a focused button.
 */
export function listenForHandScanner(target: Window = window): void {
  if (listening) return;
  listening = true;
  const detector = createWedgeDetector();
  target.addEventListener(
    'keydown',
    (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.repeat || event.isComposing) return;
      if (isEditable(target.document.activeElement)) {
        detector.reset();
        return;
      }
      // The event's own timestamp: a busy main thread delays handlers, not the keys' arrival.
      const value = detector.feed(event.key, event.timeStamp);
      if (value === null) return;
      event.preventDefault();
      event.stopPropagation();
      pageScans.deliver(value);
    },
    { capture: true },
  );
}

/**
 * Calls `onScan(value)` for each hand-scanner scan while the calling screen is mounted and
 * `enabled` (default true); see listenForHandScanner.
 */
export function useHandScanner(
  onScan: (value: string) => void,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  // Subscribed during the commit, before the screen paints: a visible scan screen is always listening,
  // even for a card scanned the instant it appears.
  useLayoutEffect(() => {
    if (!enabled) return;
    listenForHandScanner();
    return pageScans.subscribe((value) => onScanRef.current(value));
  }, [enabled]);
}
