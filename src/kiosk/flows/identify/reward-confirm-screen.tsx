import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalReward } from '../../../contract/portal';
import { Content, contentText } from '../../../ui/wording';
import { formatCredits } from '../../../web/format';
import { ConfirmActions } from '../../components/confirm-actions';
import { Credits } from '../../components/credits';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/** "Claim <reward> for N credits?", with the credits left after it; refusals (1017/1018/1019) show here. */
export function RewardConfirmScreen({
  reward,
  balanceCredits,
  onConfirm,
  confirming,
  error,
  onBack,
}: {
  reward: PortalReward;
  /** The customer's credits now. */
  balanceCredits: number;
  onConfirm: () => void;
  confirming: boolean;
  error?: ReactNode;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Screen
      title={t('rewards.confirmTitle', {
        title: contentText(reward.title, i18n.language),
        credits: formatCredits(reward.required_credits, i18n.language),
      })}
      testId="screen-reward-confirm"
    >
      {reward.description ? (
        <p className="lead">
          <Content text={reward.description} />
        </p>
      ) : null}
      <dl className="stats">
        <Stat label={t('welcome.credits')}>
          <Credits value={balanceCredits} />
        </Stat>
        <Stat label={t('rewards.after')} main testId="credits-after">
          <Credits value={Math.max(0, balanceCredits - reward.required_credits)} />
        </Stat>
      </dl>
      {error}
      <ConfirmActions
        back={t('common.back')}
        backTestId="back-button"
        onBack={onBack}
        confirm={t('rewards.confirm')}
        busyLabel={t('rewards.claiming')}
        onConfirm={onConfirm}
        confirming={confirming}
      />
    </Screen>
  );
}
