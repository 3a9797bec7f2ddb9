import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/kiosk/lib/when-idle';

describe('afterNextPaint (lib/when-idle.ts)', () => {
  const frames: (() => void)[] = [];
  afterEach(() => {
    frames.length = 0;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const setUp = () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  };

  it('runs the work in a task of its own after the next frame, once', () => {
    setUp();
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled(); // no frame yet
    for (const frame of frames) frame();
    expect(work).not.toHaveBeenCalled(); // not inside the frame itself
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000); // the fallback finds it done
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it after the timeout when no frame comes (a hidden page), once', () => {
    setUp();
    const work = vi.fn();
    afterNextPaint(work, 500);
    vi.advanceTimersByTime(499);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    for (const frame of frames) frame();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the screen that asked is gone)', () => {
    setUp();
    const work = vi.fn();
    const cancel = afterNextPaint(work, 500);
    cancel();
    for (const frame of frames) frame();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
  });
});
