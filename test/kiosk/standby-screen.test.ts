import { describe, expect, it } from 'vitest';
import { EMPTY_BRAND } from '../../src/kiosk/lib/brand';
import {
  deviceStateFromMessage,
  onDeviceSession,
  onSessionFinished,
  STANDBY_START,
} from '../../src/kiosk/lib/standby';

describe('standby screen: switching sessions', () => {
  it('shows the welcome screen until the shop has a session, then that session', () => {
    expect(onDeviceSession(STANDBY_START, null)).toEqual(STANDBY_START);
    expect(onDeviceSession(STANDBY_START, 's1')).toEqual({ shown: 's1', finished: null });
  });

  it('keeps an ended session on screen until its end screen is dismissed', () => {
    const showing = { shown: 's1', finished: null };
    expect(onDeviceSession(showing, null)).toBe(showing);
    expect(onSessionFinished(showing, 's1')).toEqual({ shown: null, finished: 's1' });
  });

  it('does not show a finished session again while the device still lists it', () => {
    const after = { shown: null, finished: 's1' };
    expect(onDeviceSession(after, 's1')).toBe(after);
  });

  it('a newer session replaces the one on screen', () => {
    expect(onDeviceSession({ shown: 's1', finished: null }, 's2')).toEqual({ shown: 's2', finished: null });
  });

  it('a stale finish (another session already on screen) changes nothing', () => {
    const view = { shown: 's2', finished: null };
    expect(onSessionFinished(view, 's1')).toBe(view);
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
