import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RewardClaimResult } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { Credits } from '../../components/credits';
import { Screen } from '../../components/screen';

/**
 * The reward is the customer's: a physical one waits at the shop ("Collect it at <shop>"), a
 * digital one is on its way by e-mail; the credits left. Back to the portal.
 */
export function RewardClaimedScreen({
  result,
  onBack,
  footer,
}: {
  result: RewardClaimResult;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
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
      status="success"
      tone="success"
      footer={footer}
    >
      {/* The reward's name heads what follows (a bold <p> would only look like a heading). */}
      <h2 className="lead" data-testid="claimed-reward">
        {reception.title}
      </h2>
      <p className="lead" data-testid="claimed-where">
        {where}
      </p>
      <p className="muted" data-testid="credits-left">
        {t('rewards.left')} <Credits value={result.contact.credit_balance} />
      </p>
      <div className="form-actions">
        <Button onClick={onBack} data-testid="back-to-portal">
          {t('rewards.backToPortal')}
        </Button>
      </div>
    </Screen>
  );
}
