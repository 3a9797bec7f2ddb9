import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/kiosk/lib/preload';

describe('preloadable (lib/preload.ts)', () => {
  it('loads once, and once loaded calls back at once (React.lazy then renders without suspending)', async () => {
    const loader = vi.fn(async () => ({ default: 'portal' }));
    const module = preloadable(loader);
    const early = vi.fn();
    void module.load().then(early);
    expect(early).not.toHaveBeenCalled(); // still loading: a later microtask
    await module.preload();
    expect(early).toHaveBeenCalledWith({ default: 'portal' });

    const late = vi.fn();
    void module.load().then(late);
    expect(late).toHaveBeenCalledWith({ default: 'portal' }); // synchronously
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again by the next load, and never rejects', async () => {
    const loader = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('portal');
    const module = preloadable(loader);
    await expect(module.preload()).resolves.toBeUndefined();
    await expect(module.load()).resolves.toBe('portal');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
