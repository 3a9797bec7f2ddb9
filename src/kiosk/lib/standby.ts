import type { DeviceState } from '../../contract/portal';

/** What a standby screen shows: its welcome, or one session's flow. */
export interface StandbyView {
  /** The session on screen, or null for the welcome screen. */
  shown: string | null;
  /** The last session that ended on screen: never shown again, even if the device still lists it. */
  finished: string | null;
  /**
   * An older session the device names again while the one on screen shows its end: shown once that
   * is dismissed.
   */
  next: string | null;
  /** The sessions the device has named (the newest last, at most NAMED_KEPT): a session not in it is new. */
  named: readonly string[];
}

/** How many sessions a standby screen remembers the device naming. */
const NAMED_KEPT = 20;

export const STANDBY_START: StandbyView = { shown: null, finished: null, next: null, named: [] };

const withNamed = (view: StandbyView, session: string): readonly string[] =>
  view.named.includes(session) ? view.named : [...view.named, session].slice(-NAMED_KEPT);

/**
 * The device state named a session (or none); `shownEnded`: the session on screen has ended (its
 * state as the service has it now). The device names the newest open session of the shop. A
 * session it names for the first time is new: the cashier started it for the customer in front of
 * the screen, so it replaces whatever is on screen at once, an end screen too. A session it named
 * before (an older one, still open) replaces an open session on screen, but waits as `next` while
 * the one on screen shows its end. No session leaves the one on screen open and unended but a
 * newer one.
 */
export function onDeviceSession(view: StandbyView, session: string | null, shownEnded: boolean): StandbyView {
  if (session === null) return view.next === null ? view : { ...view, next: null };
  if (session === view.shown || session === view.finished) return view;
  const named = withNamed(view, session);
  if (view.shown !== null && shownEnded && view.named.includes(session))
    return view.next === session ? view : { ...view, next: session, named };
  return { ...view, shown: session, next: null, named };
}

/** The session on screen ended (end screen dismissed): the session waiting next, else the welcome screen. */
export function onSessionFinished(view: StandbyView, session: string): StandbyView {
  if (view.shown !== session) return view;
  return { ...view, shown: view.next, finished: session, next: null };
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
