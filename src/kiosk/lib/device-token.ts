/*
 * The device token a tablet got by pairing with a code (POST /portal/api/devices/pair): kept in
 * the browser's localStorage, so that the kiosk opened without `?device=` shows its standby
 * screen. A token in the address (`?device=`, the fixture's tablets) wins over the kept one.
 */

const KEY = 'portal.kiosk.deviceToken';

/** The kept device token, or null (never paired here, or storage unavailable). */
export function keptDeviceToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Keeps the token the tablet paired with, and takes a refused `?device=` out of the address. */
export function keepDeviceToken(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Private mode: the screen works until it is reloaded.
  }
  const url = new URL(window.location.href);
  if (url.searchParams.has('device')) {
    url.searchParams.delete('device');
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }
}
