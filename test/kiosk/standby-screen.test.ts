import { describe, expect, it } from 'vitest';
import {
  deviceStateFromMessage,
  onDeviceSession,
  onSessionFinished,
  STANDBY_START,
} from '../../src/kiosk/lib/standby';
import { EMPTY_BRAND } from '../../src/ui/brand';

describe('standby screen: switching sessions', () => {
  const view = (
    shown: string | null,
    finished: string | null = null,
    next: string | null = null,
    named: string[] = [shown, finished, next].filter((s): s is string => s !== null),
  ) => ({ shown, finished, next, named });

  it('shows the welcome screen until the shop has a session, then that session', () => {
    expect(onDeviceSession(STANDBY_START, null, false)).toEqual(STANDBY_START);
    expect(onDeviceSession(STANDBY_START, 's1', false)).toEqual(view('s1'));
  });

  it('keeps an ended session on screen until its end screen is dismissed', () => {
    const showing = view('s1');
    expect(onDeviceSession(showing, null, true)).toBe(showing);
    expect(onSessionFinished(showing, 's1')).toEqual(view(null, 's1'));
  });

  it('a session the device names for the first time replaces an end screen at once', () => {
    const ending = view('s1');
    expect(onDeviceSession(ending, 's2', true)).toEqual(view('s2', null, null, ['s1', 's2']));
  });

  it('does not show a finished session again while the device still lists it', () => {
    const after = view(null, 's1');
    expect(onDeviceSession(after, 's1', false)).toBe(after);
  });

  it('a newer session replaces the one on screen while that one is open', () => {
    expect(onDeviceSession(view('s1'), 's2', false)).toEqual(view('s2', null, null, ['s1', 's2']));
  });

  it('once the one on screen has ended, an older session still open waits for its end screen, then shows', () => {
    // s1 was on screen, then s2 (newer) replaced it; now s2 has ended and the device names s1 again.
    const replaced = onDeviceSession(view('s1'), 's2', false);
    const ending = onDeviceSession(replaced, 's1', true);
    expect(ending).toEqual(view('s2', null, 's1', ['s1', 's2']));
    expect(onDeviceSession(ending, 's1', true)).toBe(ending);
    expect(onSessionFinished(ending, 's2')).toEqual(view('s1', 's2', null, ['s1', 's2']));
    // The waiting session ended too meanwhile: the device names none, so the welcome screen follows.
    expect(onSessionFinished(onDeviceSession(ending, null, true), 's2')).toEqual(
      view(null, 's2', null, ['s1', 's2']),
    );
  });

  it('a stale finish (another session already on screen) changes nothing', () => {
    const current = view('s2');
    expect(onSessionFinished(current, 's1')).toBe(current);
  });
});

describe('standby screen: device state messages of the live stream', () => {
  const state = {
    shop: { uuid: 'shop-1', name: 'Centrum' },
    account: { name: 'Demo', brand: EMPTY_BRAND },
    session: { uuid: 's1', type: 'identify' },
  };

  it('reads the device state a message carries, with or without a session', () => {
    expect(deviceStateFromMessage(JSON.stringify(state))).toEqual(state);
    expect(deviceStateFromMessage(JSON.stringify({ ...state, session: null }))).toEqual({
      ...state,
      session: null,
    });
  });

  it('anything else is refused (the screen refetches the device instead)', () => {
    for (const text of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...state, shop: undefined }),
      JSON.stringify({ ...state, account: 'Demo' }),
      JSON.stringify({ ...state, session: undefined }),
      JSON.stringify({ ...state, session: { uuid: 42 } }),
    ]) {
      expect(deviceStateFromMessage(text), text).toBeNull();
    }
  });
});
