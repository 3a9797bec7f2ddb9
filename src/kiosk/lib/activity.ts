import type { PortalActivity } from '../../contract/portal';
import type { KioskKey } from '../i18n/error-message';

/**
 * The i18n key of an activity line's title, so the line reads in the screen's language (the
 * service writes its titles in English); null for a reward, whose title is the reward's own name.
 */
export function activityTitleKey(
  item: Pick<PortalActivity, 'type' | 'credits' | 'amount_in_cents'>,
): KioskKey | null {
  switch (item.type) {
    case 'reward_reception':
      return null;
    case 'credit_reception':
      return (item.credits ?? 0) < 0 ? 'activity.creditsDeducted' : 'activity.creditsEarned';
    case 'prepaid_transaction':
      return (item.amount_in_cents ?? 0) < 0 ? 'activity.prepaidPayment' : 'activity.prepaidTopUp';
    case 'giftcard_transaction':
      return (item.amount_in_cents ?? 0) < 0 ? 'activity.giftcardPayment' : 'activity.giftcardTopUp';
  }
}
