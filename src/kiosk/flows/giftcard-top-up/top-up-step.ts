import type { GiftcardTopUpResult, PortalGiftcard } from '../../../contract/portal';
import { CAPTURE_START, type CaptureMode } from '../../lib/capture';

/**
 * Where a `top_up_giftcards` session stands on screen:
 * - `scan`: scan (or type) the gift card;
 * - `amount`: its balance, and a preset or a typed amount (or why it cannot be topped up);
 * - `confirm`: "Top up € X?";
 * - `waiting`: asked for, waiting for the cashier's "Received" (the session holds its top-ups);
 * - `done`: the new balance.
 */
export type TopUpStep =
  | { step: 'scan'; capture: CaptureMode }
  | { step: 'amount'; giftcard: PortalGiftcard }
  | { step: 'confirm'; giftcard: PortalGiftcard; amountInCents: number }
  | { step: 'waiting'; giftcardUuid: string }
  | { step: 'done'; result: GiftcardTopUpResult };

export const TOP_UP_START: TopUpStep = { step: 'scan', capture: CAPTURE_START };
