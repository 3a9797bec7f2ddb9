import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultTemplate } from '../../../ui/result';
import { formatMoney } from '../../../web/format';
import type { PrepaidSessionType } from '../../api/prepaid-transaction';
import { DoneActions } from '../../components/done-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';

/** What a prepaid transaction did, in cents: moved, left to pay at the till, and the balance after it. */
export interface PrepaidOutcome {
  amountInCents: number;
  unpaidInCents: number;
  balanceInCents: number;
}

/**
 * The result, on the result template. Paid in full or topped up: what moved is the hero, the new
 * balance what it means. Paid in part: what is still to pay at the till is the hero, in the warning
 * tone and never as a success, with what the balance paid under it. Done; no Cancel.
 */
export function PrepaidResultScreen({
  type,
  outcome,
  onDone,
  finishing,
  error,
}: {
  type: PrepaidSessionType;
  outcome: PrepaidOutcome;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const due = outcome.unpaidInCents > 0;
  const newBalance = (
    <span className="ui-result-aside" data-testid="prepaid-new-balance">
      {t('prepaid.newBalanceIs', { amount: money(outcome.balanceInCents) })}
    </span>
  );
  return (
    <Screen
      title={
        due
          ? t('prepaid.stillDueTitle', { amount: money(outcome.unpaidInCents) })
          : t(`prepaid.${type}.resultTitle`)
      }
      testId="screen-prepaid-result"
      tone={due ? 'plain' : 'success'}
      result
      footer={<DoneActions onDone={onDone} finishing={finishing} />}
    >
      {due ? (
        <ResultTemplate
          tone="due"
          hero={{
            label: t('prepaid.stillDue'),
            value: <Money cents={outcome.unpaidInCents} />,
            testId: 'prepaid-due',
          }}
          meaning={
            <>
              <span data-testid="prepaid-rest">
                {t('prepaid.paidPart', { charge: money(outcome.amountInCents) })}
              </span>
              {newBalance}
            </>
          }
        />
      ) : (
        <ResultTemplate
          tone="success"
          hero={{
            label: t(`prepaid.${type}.moved`),
            value: <Money cents={outcome.amountInCents} />,
            testId: 'prepaid-moved',
          }}
          meaning={newBalance}
        />
      )}
      {error}
    </Screen>
  );
}
