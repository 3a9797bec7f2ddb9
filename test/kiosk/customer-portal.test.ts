import { describe, expect, it } from 'vitest';
import type { PortalReward } from '../../src/contract/portal';
import { rewardState, sortRewards } from '../../src/kiosk/lib/rewards';

const reward = (title: string, over: Partial<PortalReward>): PortalReward => ({
  uuid: title,
  title,
  description: null,
  reward_type: 'PHYSICAL',
  required_credits: 50,
  media: null,
  claimable: false,
  credits_short: 0,
  out_of_stock: false,
  ...over,
});

describe('customer portal: rewards in the order a customer wants them', () => {
  it('claimable first (cheapest first), then fewest credits short, then out of stock', () => {
    const rewards = [
      reward('Cake', { required_credits: 80, out_of_stock: true }),
      reward('Beans', { required_credits: 400, credits_short: 280 }),
      reward('Coffee', { required_credits: 50, claimable: true }),
      reward('Discount', { required_credits: 30, claimable: true }),
      reward('Mug', { required_credits: 150, credits_short: 30 }),
    ];
    expect(sortRewards(rewards).map((r) => r.title)).toEqual(['Discount', 'Coffee', 'Mug', 'Beans', 'Cake']);
    expect(rewards[0]?.title).toBe('Cake');
  });

  it('out of stock wins over having the credits', () => {
    expect(rewardState(reward('Cake', { claimable: false, out_of_stock: true }))).toBe('out_of_stock');
    expect(rewardState(reward('Coffee', { claimable: true }))).toBe('claimable');
    expect(rewardState(reward('Beans', { credits_short: 10 }))).toBe('short');
  });
});
