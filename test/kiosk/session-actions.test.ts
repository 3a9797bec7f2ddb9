import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActionLane } from '../../src/kiosk/lib/action-lane';
import { attempt, retryDelay } from '../../src/kiosk/lib/attempts';
import {
  connection,
  reportAnswer,
  reportNoAnswer,
  waitForConnection,
  watchBrowserConnection,
} from '../../src/kiosk/lib/connection';
import { ApiError, NETWORK_ERROR } from '../../src/web/api-error';

const noAnswer = () => new ApiError(NETWORK_ERROR, 0);

describe('action tries (lib/attempts.ts)', () => {
  it('tries again and again while no answer comes, waiting 0.5 s doubling to 4 s', () => {
    expect([1, 2, 3, 4, 5, 20].map((n) => retryDelay(noAnswer(), n))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });

  it('tries a "try later" answer (429, 5xx) twice more; any other answer is final', () => {
    const busy = new ApiError(1000, 503);
    expect([1, 2, 3].map((n) => retryDelay(busy, n))).toEqual([800, 1600, null]);
    expect(retryDelay(new ApiError(1000, 429), 1)).toBe(800);
    expect(retryDelay(new ApiError(5003, 422), 1)).toBeNull();
    expect(retryDelay(new ApiError(1003, 409), 1)).toBeNull();
  });

  it('goes through by itself once the connection is back, sending the same request each time', async () => {
    const sent: number[] = [];
    let tries = 0;
    const result = await attempt(
      async () => {
        sent.push(++tries);
        if (tries < 4) throw noAnswer();
        return 'paid';
      },
      { stopped: () => false, wait: async () => undefined },
    );
    expect(result).toBe('paid');
    expect(sent).toEqual([1, 2, 3, 4]);
  });

  it('starts no new try once stopped (the session is being cancelled): the last failure is the outcome', async () => {
    let tries = 0;
    let stopped = false;
    const run = attempt(
      async () => {
        tries++;
        throw noAnswer();
      },
      {
        stopped: () => stopped,
        wait: async () => {
          stopped = true;
        },
      },
    );
    await expect(run).rejects.toBeInstanceOf(ApiError);
    expect(tries).toBe(1);
  });

  it('does not try a refusal again', async () => {
    let tries = 0;
    const refused = new ApiError(5003, 422);
    await expect(
      attempt(
        async () => {
          tries++;
          throw refused;
        },
        { stopped: () => false, wait: async () => undefined },
      ),
    ).rejects.toBe(refused);
    expect(tries).toBe(1);
  });
});

describe('the connection (lib/connection.ts)', () => {
  afterEach(() => {
    reportAnswer();
    vi.useRealTimers();
  });

  it('is lost on a request without an answer and back with the next answer', () => {
    reportNoAnswer();
    expect(connection.getState().online).toBe(false);
    reportAnswer();
    expect(connection.getState().online).toBe(true);
  });

  it("the browser's offline event wins over an answer that arrives late; its online event ends the wait", () => {
    const listeners = new Map<string, () => void>();
    const target = {
      navigator: { onLine: true },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as Window;
    const stop = watchBrowserConnection(target);
    listeners.get('offline')?.();
    reportAnswer();
    expect(connection.getState().online).toBe(false);
    listeners.get('online')?.();
    expect(connection.getState().online).toBe(true);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('the wait between tries ends as soon as the connection is back', async () => {
    vi.useFakeTimers();
    reportNoAnswer();
    let done = false;
    const waiting = waitForConnection(4000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    reportAnswer();
    await waiting;
    expect(done).toBe(true);
  });
});

describe('the action lane (lib/action-lane.ts)', () => {
  it('runs one action at a time', () => {
    const lane = createActionLane().getState();
    expect(lane.begin()).toBe(true);
    expect(lane.begin()).toBe(false);
    lane.settle(false);
    expect(lane.begin()).toBe(true);
  });

  it('remembers that an action changed something', () => {
    const store = createActionLane();
    store.getState().begin();
    store.getState().settle(false);
    expect(store.getState().changed).toBe(false);
    store.getState().begin();
    store.getState().settle(true);
    store.getState().begin();
    store.getState().settle(false);
    expect(store.getState().changed).toBe(true);
  });

  it('an end asked for during an action waits for it; no action starts afterwards; the first ask wins', () => {
    const store = createActionLane();
    const lane = store.getState();
    lane.begin();
    lane.requestEnd('cancel');
    lane.requestEnd('complete');
    expect(store.getState()).toMatchObject({ running: true, ending: 'cancel' });
    lane.settle(false);
    expect(store.getState()).toMatchObject({ running: false, ending: 'cancel' });
    expect(lane.begin()).toBe(false);
  });

  it('an end that failed may be asked for again', () => {
    const store = createActionLane();
    store.getState().requestEnd('complete');
    store.getState().endFailed();
    store.getState().requestEnd('cancel');
    expect(store.getState().ending).toBe('cancel');
  });
});
