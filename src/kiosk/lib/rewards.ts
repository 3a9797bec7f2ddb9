import type { PortalReward } from '../../contract/portal';

/** How the rewards tab shows a reward: claim it, credits still needed, or out of stock. */
export type RewardState = 'claimable' | 'short' | 'out_of_stock';

export function rewardState(reward: PortalReward): RewardState {
  if (reward.out_of_stock) return 'out_of_stock';
  return reward.claimable ? 'claimable' : 'short';
}

const ORDER: Record<RewardState, number> = { claimable: 0, short: 1, out_of_stock: 2 };

/**
 * The rewards in the order the tab lists them: claimable first (cheapest first), then the ones
 * the customer is saving for (fewest credits short first), then the ones out of stock.
 */
export function sortRewards(rewards: readonly PortalReward[]): PortalReward[] {
  return [...rewards].sort(
    (a, b) =>
      ORDER[rewardState(a)] - ORDER[rewardState(b)] ||
      a.credits_short - b.credits_short ||
      a.required_credits - b.required_credits ||
      a.title.localeCompare(b.title),
  );
}

/** How far the customer's credits go towards a reward, 0–100 (whole percent). */
export function progressPercent(reward: PortalReward): number {
  if (reward.required_credits <= 0) return 100;
  const have = Math.max(0, reward.required_credits - reward.credits_short);
  return Math.min(100, Math.round((have / reward.required_credits) * 100));
}
