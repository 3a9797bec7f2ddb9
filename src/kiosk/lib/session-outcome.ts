import type { PortalEvent } from '../../contract/portal';

/** Session events that change a balance or a voucher: what a cancel does not undo. */
const EFFECT_EVENTS = new Set([
  'credit_reception',
  'giftcard_transaction',
  'prepaid_transaction',
  'voucher_redeemed',
  'reward_reception',
]);

/** Whether the session changed something before it ended (so "nothing was changed" would be untrue). */
export function madeChanges(events: readonly Pick<PortalEvent, 'type'>[]): boolean {
  return events.some((event) => EFFECT_EVENTS.has(event.type));
}
