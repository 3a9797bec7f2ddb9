import { describe, expect, it } from 'vitest';
import { createScanRouter, createWedgeDetector } from '../../../src/kiosk/input/hand-scanner';

/** Feeds `keys` starting at `start`, `gap` ms apart; answers every non-null result. */
function type(detector: ReturnType<typeof createWedgeDetector>, keys: string[], start: number, gap: number) {
  const results: string[] = [];
  keys.forEach((key, i) => {
    const value = detector.feed(key, start + i * gap);
    if (value !== null) results.push(value);
  });
  return results;
}

const chars = (text: string) => [...text];

describe('createWedgeDetector', () => {
  it('reads a fast burst ended by Enter', () => {
    const detector = createWedgeDetector();
    expect(type(detector, [...chars('CARD-0001'), 'Enter'], 1000, 8)).toEqual(['CARD-0001']);
  });

  it('discards human typing (keys ~120 ms apart)', () => {
    const detector = createWedgeDetector();
    expect(type(detector, [...chars('CARD-0001'), 'Enter'], 1000, 120)).toEqual([]);
  });

  it('needs the Enter: a burst without it yields nothing', () => {
    const detector = createWedgeDetector();
    expect(type(detector, chars('CARD-0001'), 1000, 8)).toEqual([]);
  });

  it('refuses an Enter that comes late after the burst', () => {
    const detector = createWedgeDetector();
    expect(type(detector, chars('CARD-0001'), 1000, 8)).toEqual([]);
    expect(detector.feed('Enter', 1000 + 8 * 8 + 500)).toBeNull();
  });

  it('honours the minimum length (default 4, configurable)', () => {
    expect(type(createWedgeDetector(), [...chars('ABC'), 'Enter'], 0, 5)).toEqual([]);
    expect(type(createWedgeDetector(), [...chars('ABCD'), 'Enter'], 0, 5)).toEqual(['ABCD']);
    expect(type(createWedgeDetector({ minLength: 6 }), [...chars('ABCDE'), 'Enter'], 0, 5)).toEqual([]);
  });

  it('honours a configured gap', () => {
    const slowScanner = createWedgeDetector({ maxGapMs: 60 });
    expect(type(slowScanner, [...chars('APP-TOKEN-0002'), 'Enter'], 0, 50)).toEqual(['APP-TOKEN-0002']);
    expect(type(createWedgeDetector(), [...chars('APP-TOKEN-0002'), 'Enter'], 0, 50)).toEqual([]);
  });

  it('starts a new burst after a pause: human keys before a scan do not leak into it', () => {
    const detector = createWedgeDetector();
    expect(type(detector, chars('xy'), 0, 200)).toEqual([]);
    expect(type(detector, [...chars('CARD-0002'), 'Enter'], 1000, 10)).toEqual(['CARD-0002']);
  });

  it('a slow key in the middle of a burst splits it (interleaved human and scanner keys)', () => {
    const detector = createWedgeDetector();
    expect(type(detector, chars('CAR'), 0, 10)).toEqual([]);
    // A person presses a key 300 ms later, then the rest arrives fast: only the tail is one burst.
    expect(detector.feed('x', 320)).toBeNull();
    expect(type(detector, [...chars('D-01'), 'Enter'], 330, 10)).toEqual(['xD-01']);
    expect(type(detector, [...chars('ab'), 'Enter'], 2000, 10)).toEqual([]);
  });

  it('survives one late key in a fast stream (event delivery jitter)', () => {
    const detector = createWedgeDetector();
    const times = [0, 7, 14, 52, 59, 66, 73, 80, 87, 94];
    const keys = [...chars('CARD-0001'), 'Enter'];
    expect(keys.map((key, i) => detector.feed(key, times[i]!)).filter(Boolean)).toEqual(['CARD-0001']);
  });

  it('a key later than 3 × the gap ends the burst', () => {
    const detector = createWedgeDetector();
    const times = [0, 7, 14, 130, 137, 144, 151, 158, 165, 172];
    const keys = [...chars('CARD-0001'), 'Enter'];
    expect(keys.map((key, i) => detector.feed(key, times[i]!)).filter(Boolean)).toEqual(['D-0001']);
  });

  it('a late key does not attach a lone earlier key to a scan', () => {
    const detector = createWedgeDetector();
    detector.feed('x', 0);
    expect(type(detector, [...chars('CARD-0002'), 'Enter'], 60, 7)).toEqual(['CARD-0002']);
  });

  it('rejects fast human digraphs mixed with slow keys (mean gap too high)', () => {
    const detector = createWedgeDetector();
    const times = [0, 20, 110, 200, 290];
    const keys = ['a', 'b', 'c', 'd', 'Enter'];
    expect(keys.map((key, i) => detector.feed(key, times[i]!)).filter(Boolean)).toEqual([]);
  });

  it('reads two scans in a row', () => {
    const detector = createWedgeDetector();
    const first = type(detector, [...chars('CARD-0001'), 'Enter'], 0, 5);
    const second = type(detector, [...chars('CARD-0002'), 'Enter'], 1000, 5);
    expect([...first, ...second]).toEqual(['CARD-0001', 'CARD-0002']);
  });

  it('ignores modifier and navigation keys without breaking the burst', () => {
    const detector = createWedgeDetector();
    const keys = ['Shift', 'C', 'Shift', 'A', 'R', 'D', 'Tab', '-', '9', 'Enter'];
    expect(type(detector, keys, 0, 4)).toEqual(['CARD-9']);
  });

  it('uses its clock when no timestamp is given', () => {
    let t = 0;
    const detector = createWedgeDetector({ now: () => t });
    for (const key of [...chars('ABCDE'), 'Enter']) {
      t += 5;
      const value = detector.feed(key);
      if (key === 'Enter') expect(value).toBe('ABCDE');
    }
  });

  it('reset forgets a burst in progress', () => {
    const detector = createWedgeDetector();
    type(detector, chars('ABCD'), 0, 5);
    detector.reset();
    expect(detector.feed('Enter', 25)).toBeNull();
  });
});

describe('createScanRouter', () => {
  it('gives each scan to the screen listening now (the newest one)', () => {
    const router = createScanRouter();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = router.subscribe((v) => first.push(v));
    const stopSecond = router.subscribe((v) => second.push(v));
    router.deliver('CARD-0001');
    stopSecond();
    router.deliver('CARD-0002');
    stopFirst();
    expect(first).toEqual(['CARD-0002']);
    expect(second).toEqual(['CARD-0001']);
  });

  it('keeps a scan made while the kiosk loads for its first scan screen', () => {
    const router = createScanRouter({ now: () => 1000 });
    router.deliver('CARD-0002');
    const got: string[] = [];
    router.subscribe((v) => got.push(v));
    expect(got).toEqual(['CARD-0002']);
  });

  it('drops a scan kept too long, and keeps nothing between later screens', () => {
    let t = 0;
    const router = createScanRouter({ maxAgeMs: 5000, now: () => t });
    router.deliver('CARD-0001');
    t = 6000;
    const got: string[] = [];
    const stop = router.subscribe((v) => got.push(v));
    stop();
    // A result screen does not listen: a card scanned there must not reach the next scan screen.
    router.deliver('CARD-0002');
    router.subscribe((v) => got.push(v));
    expect(got).toEqual([]);
  });
});
