import { describe, expect, it } from 'vitest';
import type { PortalActivity } from '../../src/contract/portal';
import { activityTitleKey } from '../../src/me/lib/activity';

describe('/me/ activity: titles in the page language', () => {
  it('by kind and sign; a reward keeps its own name', () => {
    const line = (type: PortalActivity['type'], credits: number | null, amount: number | null) => ({
      type,
      credits,
      amount_in_cents: amount,
    });
    expect(activityTitleKey(line('credit_reception', 12, null))).toBe('activity.creditsEarned');
    expect(activityTitleKey(line('credit_reception', -40, null))).toBe('activity.creditsDeducted');
    expect(activityTitleKey(line('reward_reception', -50, null))).toBeNull();
    expect(activityTitleKey(line('prepaid_transaction', null, -250))).toBe('activity.prepaidPayment');
    expect(activityTitleKey(line('prepaid_transaction', null, 2000))).toBe('activity.prepaidTopUp');
    expect(activityTitleKey(line('giftcard_transaction', null, -2500))).toBe('activity.giftcardPayment');
    expect(activityTitleKey(line('giftcard_transaction', null, 1000))).toBe('activity.giftcardTopUp');
  });
});
