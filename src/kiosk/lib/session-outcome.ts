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

/**
 * Whether the session was cancelled by the POS or the cashier console rather than at this screen
 * (its `session_cancelled` event's `by`): a standby screen then leaves it at once.
 */
export function cancelledElsewhere(events: readonly Pick<PortalEvent, 'type' | 'data'>[]): boolean {
  const by = (events.findLast((event) => event.type === 'session_cancelled')?.data as { by?: unknown } | null)
    ?.by;
  return by === 'pos' || by === 'cashier';
}

/** Whether the session's customer joined at this screen (a `contact_registered` event): the result welcomes them. */
export function joinedHere(events: readonly Pick<PortalEvent, 'type'>[]): boolean {
  return events.some((event) => event.type === 'contact_registered');
}
