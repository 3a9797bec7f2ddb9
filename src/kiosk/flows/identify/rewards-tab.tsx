import { useTranslation } from 'react-i18next';
import type { PortalReward } from '../../../contract/portal';
import { Content } from '../../../ui/wording';
import { formatCredits } from '../../../web/format';
import { useRewards } from '../../api/get-rewards';
import { MediaPicture } from '../../components/picture';
import { QueryContent } from '../../components/query-content';
import { progressPercent, rewardState, sortRewards } from '../../lib/rewards';

/**
 * Rewards to claim with credits, each with its picture (or a drawn one): claimable ones first (a
 * tap asks to confirm), then the rest greyed with the progress towards them and the credits still
 * needed; out of stock marked.
 */
export function RewardsTab({
  sessionUuid,
  onClaim,
}: {
  sessionUuid: string;
  onClaim: (reward: PortalReward) => void;
}) {
  const { t, i18n } = useTranslation();
  const rewards = useRewards(sessionUuid);
  const credits = (value: number) => formatCredits(value, i18n.language);
  return (
    <QueryContent query={rewards} empty={t('rewards.none')}>
      {(items) => (
        <div className="tiles" data-testid="reward-list">
          {sortRewards(items).map((reward) => {
            const state = rewardState(reward);
            const body = (
              <>
                <MediaPicture media={reward.media} />
                <span className="tile-title">
                  <Content text={reward.title} />
                </span>
                {reward.description ? (
                  <span className="tile-text">
                    <Content text={reward.description} />
                  </span>
                ) : null}
                <span className="tile-note">
                  {t('rewards.cost', { credits: credits(reward.required_credits) })}
                </span>
                {state === 'short' ? (
                  <span className="reward-progress" aria-hidden="true" data-testid="reward-progress">
                    <span style={{ width: `${progressPercent(reward)}%` }} />
                  </span>
                ) : null}
                <span className={`tile-badge tile-badge-${state}`} data-testid="reward-state">
                  {state === 'claimable'
                    ? t('rewards.claim')
                    : state === 'out_of_stock'
                      ? t('rewards.outOfStock')
                      : t('rewards.short', {
                          credits: formatCredits(reward.credits_short, i18n.language, 'up'),
                        })}
                </span>
              </>
            );
            return state === 'claimable' ? (
              <button
                key={reward.uuid}
                type="button"
                className="tile tile-action"
                onClick={() => onClaim(reward)}
                data-testid={`reward-${reward.uuid}`}
                data-state={state}
              >
                {body}
              </button>
            ) : (
              <div
                key={reward.uuid}
                className="tile tile-disabled"
                aria-disabled="true"
                data-testid={`reward-${reward.uuid}`}
                data-state={state}
              >
                {body}
              </div>
            );
          })}
        </div>
      )}
    </QueryContent>
  );
}
