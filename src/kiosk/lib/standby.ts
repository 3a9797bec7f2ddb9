import type { DeviceState } from '../../contract/portal';

/** What a standby screen shows: its welcome, or one session's flow. */
export interface StandbyView {
  /** The session on screen, or null for the welcome screen. */
  shown: string | null;
  /** The last session that ended on screen: never shown again, even if the device still lists it. */
  finished: string | null;
}

export const STANDBY_START: StandbyView = { shown: null, finished: null };

/**
 * The device state named a session (or none). A new open session replaces whatever is on screen
 * (the cashier started it for the customer in front of the screen); no session leaves the current
 * one on screen until it has ended there (so its end screen is seen).
 */
export function onDeviceSession(view: StandbyView, session: string | null): StandbyView {
  if (session === null || session === view.shown || session === view.finished) return view;
  return { ...view, shown: session };
}

/** The session on screen ended (end screen dismissed): back to the welcome screen. */
export function onSessionFinished(view: StandbyView, session: string): StandbyView {
  if (view.shown !== session) return view;
  return { shown: null, finished: session };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The device state a `device_state` stream message carries (JSON of DeviceState), after a cheap
 * check of the parts the standby screen reads (the service validates what it sends in its tests).
 * Null when the message is not that: the caller refetches the device instead.
 */
export function deviceStateFromMessage(text: string): DeviceState | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.shop) || !isObject(value.account)) return null;
  const session = value.session;
  if (session !== null && !(isObject(session) && typeof session.uuid === 'string')) return null;
  return value as DeviceState;
}
