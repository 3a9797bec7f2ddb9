import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCreditReception } from '../../contract/portal';
import { Button } from '../components/button';
import { Credits } from '../components/credits';
import { DoneActions } from '../components/done-actions';
import { Money } from '../components/money';
import { Screen } from '../components/screen';
import { Stat } from '../components/stat';
import { useCountTo } from '../hooks/use-count-to';
import { formatCredits, greetingName } from '../lib/format';

/**
 * The outcome of a credit reception: the credits earned (emphasised) for the purchase amount, the
 * contact's new balance, and how far they are from the next reward; `onBack` (the customer's
 * portal) offers a way back beside Done.
 */
export function CreditResultScreen({
  reception,
  onDone,
  finishing,
  error,
  onBack,
}: {
  reception: PortalCreditReception;
  onBack?: () => void;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = greetingName(reception.contact);
  const earned = useCountTo(reception.credits, 0);
  return (
    <Screen
      title={name ? t('credit.resultTitle', { name }) : t('credit.resultTitleNoName')}
      testId="screen-credit-result"
      tone="success"
    >
      <dl className="stats">
        <Stat label={t('credit.earned')} main className="stat-earned" testId="credits-earned">
          {t('credit.earnedValue', { credits: formatCredits(earned, i18n.language) })}
        </Stat>
        {reception.purchase_amount_in_cents !== null ? (
          <Stat label={t('credit.purchase')} testId="credit-purchase">
            <Money cents={reception.purchase_amount_in_cents} />
          </Stat>
        ) : null}
        <Stat label={t('credit.balance')} testId="credit-balance">
          <Credits
            value={reception.contact.credit_balance}
            from={reception.contact.credit_balance - reception.credits}
          />
        </Stat>
      </dl>
      {reception.next_reward ? (
        <p className="lead" data-testid="credit-next-reward">
          {t('credit.nextReward', {
            credits: formatCredits(reception.next_reward.credits_short, i18n.language),
            reward: reception.next_reward.title,
          })}
        </p>
      ) : null}
      {error}
      <DoneActions onDone={onDone} finishing={finishing}>
        {onBack ? (
          <Button variant="secondary" onClick={onBack} data-testid="back-to-portal">
            {t('rewards.backToPortal')}
          </Button>
        ) : null}
      </DoneActions>
    </Screen>
  );
}
