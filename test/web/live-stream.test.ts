import { describe, expect, it, vi } from 'vitest';
import { type LiveStreamEnv, openLiveStream, reconnectDelay } from '../../src/web/live-stream';

class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, event: unknown = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function env() {
  FakeSource.all = [];
  const timers: (() => void)[] = [];
  const fake: LiveStreamEnv = {
    EventSource: FakeSource as unknown as LiveStreamEnv['EventSource'],
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => undefined,
  };
  return { fake, timers };
}

describe('live stream', () => {
  it('delivers named events and reports up and down', () => {
    const { fake } = env();
    const onMessage = vi.fn();
    const onOpen = vi.fn();
    const onDown = vi.fn();
    openLiveStream({ url: '/s', event: 'portal_event', onMessage, onOpen, onDown, env: fake });
    const source = FakeSource.all[0]!;
    source.emit('open');
    source.emit('portal_event', { data: '{"a":1}' });
    source.readyState = 0; // a dropped connection: the browser retries by itself
    source.emit('error');
    expect(onOpen).toHaveBeenCalledOnce();
    expect(onMessage).toHaveBeenCalledWith('{"a":1}');
    expect(onDown).toHaveBeenCalledOnce();
    expect(FakeSource.all).toHaveLength(1);
  });

  it('opens a new stream after the browser gave up, backing off', () => {
    const { fake, timers } = env();
    openLiveStream({
      url: '/s',
      event: 'e',
      onMessage: vi.fn(),
      onOpen: vi.fn(),
      onDown: vi.fn(),
      env: fake,
    });
    const first = FakeSource.all[0]!;
    first.readyState = 2;
    first.emit('error');
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(FakeSource.all).toHaveLength(2);
    expect([0, 1, 2, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('close stops it for good', () => {
    const { fake, timers } = env();
    const close = openLiveStream({
      url: '/s',
      event: 'e',
      onMessage: vi.fn(),
      onOpen: vi.fn(),
      onDown: vi.fn(),
      env: fake,
    });
    close();
    const source = FakeSource.all[0]!;
    expect(source.closed).toBe(true);
    source.emit('error');
    expect(timers).toHaveLength(0);
  });
});
