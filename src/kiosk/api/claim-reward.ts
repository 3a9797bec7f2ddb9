import type { RewardClaimResult } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/rewards/claim: the customer spends credits on a reward
 * (identify sessions). Errors: 6003 unknown, 1052 inactive, 1018 out of stock, 1019 claim limit
 * reached, 1017 insufficient credits.
 */
export function claimReward(
  uuid: string,
  variables: ActionVariables<{ reward_uuid: string }>,
): Promise<RewardClaimResult> {
  return postSessionAction<RewardClaimResult>(uuid, '/rewards/claim', variables);
}

/** The reward claim action of a session. */
export function useClaimReward(uuid: string) {
  return useSessionAction(uuid, claimReward);
}
