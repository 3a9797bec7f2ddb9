import type { RewardClaimResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/rewards/claim: the customer spends credits on a reward
 * (identify sessions). Errors: 6003 unknown, 1052 inactive, 1018 out of stock, 1019 claim limit
 * reached, 1017 insufficient credits.
 */
export const claimRewardAction: SessionAction<{ reward_uuid: string }, RewardClaimResult> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<RewardClaimResult>(uuid, '/rewards/claim', variables),
  apply: (uuid, result, queryClient) =>
    updateSession(queryClient, uuid, (s) => ({ ...s, contact: result.contact })),
};
