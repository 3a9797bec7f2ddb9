/** What the kiosk shows, from its URL (the only URL state it has). */
export type KioskRoute =
  | { kind: 'session'; uuid: string }
  | { kind: 'standby'; token: string }
  | { kind: 'missing' };

/**
 * Reads `?uuid=<session uuid>` (a portal session) or `?device=<token>` (a standby screen) from a
 * location search string. A uuid wins over a device token.
 */
export function parseKioskRoute(search: string): KioskRoute {
  const params = new URLSearchParams(search);
  const uuid = params.get('uuid')?.trim();
  if (uuid) return { kind: 'session', uuid };
  const token = params.get('device')?.trim();
  if (token) return { kind: 'standby', token };
  return { kind: 'missing' };
}
