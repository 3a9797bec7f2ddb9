import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidSessionType } from '../../api/prepaid-transaction';
import { DoneActions } from '../../components/done-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';
import { formatMoney } from '../../lib/format';

/** What a prepaid transaction did, in cents: moved, left to pay at the till, and the balance after it. */
export interface PrepaidOutcome {
  amountInCents: number;
  unpaidInCents: number;
  balanceInCents: number;
}

/**
 * The result: paid from (or added to) the balance, the new balance, and for a partial payment
 * "€ A paid from your balance; please pay the remaining € B at the till". Done; no Cancel.
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
  return (
    <Screen title={t(`prepaid.${type}.resultTitle`)} testId="screen-prepaid-result" tone="success">
      <dl className="stats">
        <Stat label={t(`prepaid.${type}.moved`)} testId="prepaid-moved">
          <Money cents={outcome.amountInCents} />
        </Stat>
        <Stat label={t('prepaid.newBalance')} main testId="prepaid-new-balance">
          <Money cents={outcome.balanceInCents} />
        </Stat>
      </dl>
      {outcome.unpaidInCents > 0 ? (
        <p className="notice" data-testid="prepaid-rest">
          {t('prepaid.pay_prepaid.rest', {
            charge: money(outcome.amountInCents),
            rest: money(outcome.unpaidInCents),
          })}
        </p>
      ) : null}
      {error}
      <DoneActions onDone={onDone} finishing={finishing} />
    </Screen>
  );
}
