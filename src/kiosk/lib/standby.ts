import type { DeviceState } from '../../contract/portal';

/** What a standby screen shows: its welcome, or one session's flow. */
export interface StandbyView {
  /** The session on screen, or null for the welcome screen. */
  shown: string | null;
  /** The last session that ended on screen: never shown again, even if the device still lists it. */
  finished: string | null;
  /** The session the device names while the one on screen shows its end: shown once that is dismissed. */
  next: string | null;
}

export const STANDBY_START: StandbyView = { shown: null, finished: null, next: null };

/**
 * The device state named a session (or none); `shownEnded`: the session on screen has ended (its
 * state as the service has it now). While the session on screen is open, a session the device
 * names is newer (the device names the newest open one): the cashier started it for the customer
 * in front of the screen, so it replaces the one on screen. Once the session on screen has ended,
 * its end screen is seen first, whatever the device names meanwhile (an older session still open,
 * or a new one): that one waits as `next`. No session leaves the one on screen until it has ended
 * there.
 */
export function onDeviceSession(view: StandbyView, session: string | null, shownEnded: boolean): StandbyView {
  if (session === null) return view.next === null ? view : { ...view, next: null };
  if (session === view.shown || session === view.finished) return view;
  if (view.shown !== null && shownEnded) return view.next === session ? view : { ...view, next: session };
  return { ...view, shown: session, next: null };
}

/** The session on screen ended (end screen dismissed): the session waiting next, else the welcome screen. */
export function onSessionFinished(view: StandbyView, session: string): StandbyView {
  if (view.shown !== session) return view;
  return { shown: view.next, finished: session, next: null };
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
