/**
 * The pairing token of a pairing link `/cashier/#device=<token>`, or null. The token travels in the
 * fragment, which the browser never sends to a server (no logs, no Referer).
 */
export function pairingToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('device')?.trim();
  return token ? token : null;
}
