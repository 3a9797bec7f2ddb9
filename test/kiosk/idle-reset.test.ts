import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from '../../src/kiosk/lib/idle-timer';

describe('idle reset', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function timer(idleSeconds = 60) {
    const countdown: (number | null)[] = [];
    const onReset = vi.fn();
    const t = createIdleTimer(idleSeconds, { onCountdown: (s) => countdown.push(s), onReset }, 3);
    return { t, countdown, onReset };
  }

  it('never resets an untouched screen', () => {
    const { countdown, onReset } = timer();
    vi.advanceTimersByTime(10 * 60_000);
    expect(countdown).toEqual([]);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('after a touch: idle time, a visible countdown, then the reset', () => {
    const { t, countdown, onReset } = timer(60);
    t.activity();
    vi.advanceTimersByTime(59_999);
    expect(countdown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(countdown).toEqual([3]);
    vi.advanceTimersByTime(2000);
    expect(countdown).toEqual([3, 2, 1]);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(countdown).toEqual([3, 2, 1, null]);
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('a touch during the countdown stops it and starts waiting again', () => {
    const { t, countdown, onReset } = timer(10);
    t.activity();
    vi.advanceTimersByTime(11_000);
    expect(countdown).toEqual([3, 2]);
    t.activity();
    expect(countdown).toEqual([3, 2, null]);
    vi.advanceTimersByTime(9_999);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('after a reset it waits for the next touch', () => {
    const { t, onReset } = timer(1);
    t.activity();
    vi.advanceTimersByTime(4_000);
    expect(onReset).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('dispose stops everything', () => {
    const { t, onReset } = timer(1);
    t.activity();
    t.dispose();
    vi.advanceTimersByTime(60_000);
    expect(onReset).not.toHaveBeenCalled();
  });
});
