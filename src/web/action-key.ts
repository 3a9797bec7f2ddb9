/**
 * A fresh idempotency key for one user action (a tap that pays, redeems, starts a session): sent as
 * `Idempotency-Key` on every try of that action, so a retried action never acts twice
 * (extensions.md "Idempotency"). crypto.randomUUID exists only in secure contexts; a shop tablet
 * on plain http://192.168.… still has getRandomValues.
 */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
