import type { PortalGiftcard, PortalSessionState } from '../../../contract/portal';
import { CAPTURE_START, type CaptureMode } from '../../lib/capture';

/**
 * Where a `redeem_giftcards` session stands on screen:
 * - `scan`: scan (or type) a gift card;
 * - `card`: the scanned card, with "Pay € X with this card" (X from what the session still has to
 *   pay, as the service says) or why it cannot pay;
 * - `paid`: what each card paid and what is left (from the session's giftcard_payment).
 */
export type RedeemStep =
  | { step: 'scan'; capture: CaptureMode }
  | { step: 'card'; giftcard: PortalGiftcard }
  | { step: 'paid' };

/** The first screen: the payment so far when a card has paid (a reload, a standby screen), else scanning. */
export function firstRedeemStep(session: Pick<PortalSessionState, 'giftcard_payment'>): RedeemStep {
  const payment = session.giftcard_payment;
  if (payment && (payment.payments.length > 0 || payment.remaining_in_cents === 0)) return { step: 'paid' };
  return { step: 'scan', capture: CAPTURE_START };
}
