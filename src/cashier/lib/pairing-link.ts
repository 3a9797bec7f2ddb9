/**
 * The pairing token of a pairing link `/cashier/#device=<token>`, or null. The token travels in the
 * fragment, which the browser never sends to a server (no logs, no Referer).
 */
/** Letters and digits of the office's pairing codes (contract/office.ts PAIRING_CODE_LENGTH). */
const PAIRING_CODE = /^[A-Z0-9]{8}$/;

/**
 * What POST /cashier/api/pair is sent for what was typed or linked: a pairing code of the office
 * (`K7QM-3XRP`, any case, dash optional) as `code`, anything else as a fixture device's `token`.
 */
export function pairRequest(typed: string): { code: string } | { token: string } {
  const trimmed = typed.trim();
  return PAIRING_CODE.test(trimmed.toUpperCase().replace(/[\s-]/g, ''))
    ? { code: trimmed }
    : { token: trimmed };
}

export function pairingToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('device')?.trim();
  return token ? token : null;
}
