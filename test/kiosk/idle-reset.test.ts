import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idlePlan } from '../../src/kiosk/lib/idle-rule';
import { createIdleTimer } from '../../src/kiosk/lib/idle-timer';

describe('idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function timer(idleSeconds = 60, fromAppear = true) {
    const countdown: (number | null)[] = [];
    const onReset = vi.fn();
    const t = createIdleTimer(
      idleSeconds,
      { onCountdown: (s) => countdown.push(s), onReset },
      { countdownSeconds: 3, fromAppear },
    );
    return { t, countdown, onReset };
  }

  it('counts from when the screen appeared: an untouched screen resets after the idle time and the countdown', () => {
    const { countdown, onReset } = timer(8);
    vi.advanceTimersByTime(7_999);
    expect(countdown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(countdown).toEqual([3]);
    vi.advanceTimersByTime(3000);
    expect(countdown).toEqual([3, 2, 1, null]);
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('a first screen nobody touched (fromAppear false) never resets', () => {
    const { countdown, onReset } = timer(60, false);
    vi.advanceTimersByTime(10 * 60_000);
    expect(countdown).toEqual([]);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('after a touch: idle time, a visible countdown, then the reset', () => {
    const { t, countdown, onReset } = timer(60, false);
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
    vi.advanceTimersByTime(11_000);
    expect(countdown).toEqual([3, 2]);
    t.activity();
    expect(countdown).toEqual([3, 2, null]);
    vi.advanceTimersByTime(9_999);
    expect(onReset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3_001);
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('after a reset it waits for the next touch', () => {
    const { onReset } = timer(1);
    vi.advanceTimersByTime(4_000);
    expect(onReset).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('dispose stops everything', () => {
    const { t, onReset } = timer(1);
    t.dispose();
    vi.advanceTimersByTime(60_000);
    expect(onReset).not.toHaveBeenCalled();
  });
});

describe('idle rules: what a screen left alone does', () => {
  const kiosk = { idle_seconds: 60, end_screen_seconds: 8 };

  it('a result (credits earned, a payment) completes the session after end_screen_seconds, from when it appeared, with no countdown', () => {
    const plan = { seconds: 8, fromAppear: true, outcome: 'complete', countdownSeconds: 0 };
    expect(idlePlan('result', kiosk, true)).toEqual(plan);
    expect(idlePlan('result', kiosk, false)).toEqual(plan);
  });

  it("a customer's data ends the session after idle_seconds: completed when it changed something, else cancelled", () => {
    expect(idlePlan('customer', kiosk, false)).toEqual({
      seconds: 60,
      fromAppear: true,
      outcome: 'cancel',
      countdownSeconds: 10,
    });
    expect(idlePlan('customer', kiosk, true)).toEqual({
      seconds: 60,
      fromAppear: true,
      outcome: 'complete',
      countdownSeconds: 10,
    });
  });

  it('identification starts over: the first screen after a touch, later ones from when they appeared', () => {
    expect(idlePlan('start', kiosk, false)).toEqual({
      seconds: 60,
      fromAppear: false,
      outcome: 'reset',
      countdownSeconds: 10,
    });
    expect(idlePlan('entry', kiosk, false)).toEqual({
      seconds: 60,
      fromAppear: true,
      outcome: 'reset',
      countdownSeconds: 10,
    });
  });

  it('no timer while an action is under way', () => {
    expect(idlePlan('busy', kiosk, true)).toBeNull();
  });
});
