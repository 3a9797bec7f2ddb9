/*
 * What the counter may read (docs/trust-model.md "Nothing personal at the counter"): the portal API
 * answers a screen anyone in the queue can read, so what it tells of a customer is cut down here —
 * e-mail addresses masked, card and gift card codes as their last 4 characters, and once the
 * session has ended nothing of the customer at all. The POS reads the same events whole through
 * the public API.
 */
import type { PortalEvent } from '../../../contract/portal';
import { hint } from './payments';

/**
 * An e-mail address as the counter shows it: its first character, `***`, and the domain
 * (`anna@example.com` → `a***@example.com`); text without an `@` becomes `***`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

// What an event tells of its customer: gone once the session has ended.
const CUSTOMER_KEYS = new Set([
  'contact',
  'contact_uuid',
  'email',
  'contact_identifier',
  'credit_balance',
  'prepaid_balance',
]);

function counterValue(value: unknown, ended: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => counterValue(item, ended));
  if (typeof value !== 'object' || value === null) return value;
  const shown: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (ended && CUSTOMER_KEYS.has(key)) shown[key] = null;
    else if (key === 'email' && typeof item === 'string') shown[key] = maskEmail(item);
    else if (key === 'hash' && typeof item === 'string') shown[key] = hint(item);
    else if (key === 'contact_identifier') shown[key] = counterIdentifier(item);
    else shown[key] = counterValue(item, ended);
  }
  return shown;
}

// A card as an event carries it: its value (text), or the Contact Identifier resource.
function counterIdentifier(value: unknown): unknown {
  if (typeof value === 'string') return hint(value);
  if (typeof value !== 'object' || value === null) return value;
  const card = counterValue(value, false) as Record<string, unknown>;
  return typeof card.value === 'string' ? { ...card, value: hint(card.value) } : card;
}

/**
 * An event as the counter may read it (GET /portal/api/sessions/{uuid} and its stream): its data
 * with every `email` masked, every `contact_identifier` and gift card `hash` cut to its last 4
 * characters, and, once the session has `ended`, every customer part (`contact`, `email`,
 * `contact_identifier`, balances) null.
 */
export function counterEvent(event: PortalEvent, ended: boolean): PortalEvent {
  return { ...event, data: counterValue(event.data, ended) };
}
