import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RewardClaimResult } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { ResultTemplate } from '../../../ui/result';
import { contentText } from '../../../ui/wording';
import { formatCredits } from '../../../web/format';
import { Screen } from '../../components/screen';

/**
 * The reward is the customer's, on the result template: the reward as the hero, where it waits (a
 * physical one at the shop, "Collect it at <shop>"; a digital one by e-mail), the credits left.
 * Back to the portal, or Done (no Cancel on a result).
 */
export function RewardClaimedScreen({
  result,
  onBack,
  onDone,
  finishing,
  error,
}: {
  result: RewardClaimResult;
  onBack: () => void;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const reception = result.reward_reception;
  const where =
    reception.reward_type === 'DIGITAL'
      ? t('rewards.emailed')
      : reception.collect_at
        ? t('rewards.collectAt', { shop: reception.collect_at })
        : t('rewards.collect');
  return (
    <Screen
      title={t('rewards.claimedTitle')}
      testId="screen-reward-claimed"
      tone="success"
      result
      footer={
        <div className="form-actions">
          <Button variant="secondary" onClick={onBack} data-testid="back-to-portal">
            {t('rewards.backToPortal')}
          </Button>
          <Button busy={finishing} onClick={onDone} data-testid="done-button">
            {t('common.done')}
          </Button>
        </div>
      }
    >
      <ResultTemplate
        tone="success"
        hero={{
          label: t('rewards.yours'),
          value: contentText(reception.title, i18n.language),
          testId: 'claimed-reward',
          text: true,
        }}
        meaning={<span data-testid="claimed-where">{where}</span>}
        details={
          <p className="muted" data-testid="credits-left">
            {t('rewards.creditsLeft', {
              credits: formatCredits(result.contact.credit_balance, i18n.language),
            })}
          </p>
        }
      />
      {error}
    </Screen>
  );
}
