import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCreditReception } from '../../contract/portal';
import { Button } from '../../ui/button';
import { ResultTemplate } from '../../ui/result';
import { contentText } from '../../ui/wording';
import { formatCredits, formatMoney, greetingName } from '../../web/format';
import { DoneActions } from '../components/done-actions';
import { Screen } from '../components/screen';
import { useCountTo } from '../hooks/use-count-to';

/**
 * The outcome of a credit reception, on the result template: the credits earned as the hero, the
 * new balance (and the purchase) as what it means, the unlock line when a reward became claimable,
 * the progress bar to the next reward, and a welcome when the customer joined at this screen. `onBack` (the customer's
 * portal) offers a way back beside Done.
 */
export function CreditResultScreen({
  reception,
  joined = false,
  accountName,
  onDone,
  finishing,
  error,
  onBack,
}: {
  reception: PortalCreditReception;
  /** A way back to the customer's portal beside Done (a receipt collected there). */
  onBack?: () => void;
  /** The customer registered in this session: welcome them. */
  joined?: boolean;
  accountName: string;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = greetingName(reception.contact);
  const earned = useCountTo(reception.credits, 0);
  const balance = reception.contact.credit_balance;
  const balanceShown = useCountTo(balance, balance - reception.credits, Number.isInteger(balance) ? 1 : 0.01);
  const credits = (value: number) => formatCredits(value, i18n.language);
  const next = reception.next_reward;
  const purchase = reception.purchase_amount_in_cents;
  return (
    <Screen
      title={name ? t('credit.resultTitle', { name }) : t('credit.resultTitleNoName')}
      testId="screen-credit-result"
      tone="success"
      result
      footer={
        <DoneActions onDone={onDone} finishing={finishing}>
          {onBack ? (
            <Button variant="secondary" onClick={onBack} data-testid="back-to-portal">
              {t('rewards.backToPortal')}
            </Button>
          ) : null}
        </DoneActions>
      }
    >
      <ResultTemplate
        tone="success"
        welcome={joined ? t('credit.welcomeMember', { account: accountName }) : undefined}
        hero={{
          label: t('credit.earned'),
          value: t('credit.earnedValue', { credits: credits(earned) }),
          testId: 'credits-earned',
        }}
        meaning={
          <>
            <span className="count-change" data-testid="credit-balance">
              {t('credit.balanceNow', { credits: credits(balanceShown) })}
            </span>
            {purchase !== null ? (
              <span className="ui-result-aside" data-testid="credit-purchase">
                {t('credit.forPurchase', { amount: formatMoney(purchase, i18n.language) })}
              </span>
            ) : null}
          </>
        }
        unlock={
          reception.unlocked_reward
            ? t('credit.unlocked', { reward: contentText(reception.unlocked_reward.title, i18n.language) })
            : undefined
        }
        progress={
          next
            ? {
                label: (
                  <span data-testid="credit-next-reward">
                    {t('credit.nextReward', {
                      credits: formatCredits(next.credits_short, i18n.language, 'up'),
                      reward: contentText(next.title, i18n.language),
                    })}
                  </span>
                ),
                value: next.required_credits - next.credits_short,
                max: next.required_credits,
              }
            : undefined
        }
      />
      {error}
    </Screen>
  );
}
