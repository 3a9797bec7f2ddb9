import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalReward } from '../../../contract/portal';
import { Button } from '../../components/button';
import { Credits } from '../../components/credits';
import { Screen } from '../../components/screen';
import { formatCredits } from '../../lib/format';

/** "Claim <reward> for N credits?", with the credits left after it; refusals (1017/1018/1019) show here. */
export function RewardConfirmScreen({
  reward,
  balance,
  onConfirm,
  confirming,
  error,
  onBack,
  footer,
}: {
  reward: PortalReward;
  /** The customer's credits now. */
  balance: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Screen
      title={t('rewards.confirmTitle', {
        title: reward.title,
        credits: formatCredits(reward.required_credits, i18n.language),
      })}
      testId="screen-reward-confirm"
      footer={footer}
    >
      {reward.description ? <p className="lead">{reward.description}</p> : null}
      <dl className="stats">
        <div className="stat">
          <dt>{t('welcome.credits')}</dt>
          <dd>
            <Credits value={balance} />
          </dd>
        </div>
        <div className="stat stat-main" data-testid="credits-after">
          <dt>{t('rewards.after')}</dt>
          <dd>
            <Credits value={Math.max(0, balance - reward.required_credits)} />
          </dd>
        </div>
      </dl>
      {error}
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack} data-testid="back-button">
          {t('common.back')}
        </Button>
        <Button busy={confirming} onClick={onConfirm} data-testid="confirm-button">
          {confirming ? t('rewards.claiming') : t('rewards.confirm')}
        </Button>
      </div>
    </Screen>
  );
}
