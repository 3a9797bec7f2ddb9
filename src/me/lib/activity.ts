import type { ParseKeys } from 'i18next';
import type { PortalActivity } from '../../contract/portal';

/**
 * The i18n key of an activity line's title, so the line reads in the page's language (the service
 * writes its titles in English); null for a reward, whose title is the reward's own name.
 */
export function activityTitleKey(
  item: Pick<PortalActivity, 'type' | 'credits' | 'amount_in_cents'>,
): ParseKeys<'me'> | null {
  switch (item.type) {
    case 'credit_reception':
      return (item.credits ?? 0) < 0 ? 'activity.creditsDeducted' : 'activity.creditsEarned';
    case 'prepaid_transaction':
      return (item.amount_in_cents ?? 0) < 0 ? 'activity.prepaidPayment' : 'activity.prepaidTopUp';
    case 'giftcard_transaction':
      return (item.amount_in_cents ?? 0) < 0 ? 'activity.giftcardPayment' : 'activity.giftcardTopUp';
    default:
      return null;
  }
}
