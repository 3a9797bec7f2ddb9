import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidKind } from '../../api/prepaid-transaction';
import { DoneActions } from '../../components/done-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';
import { formatMoney } from '../../lib/format';

/** What a prepaid transaction did, in cents: moved, left to pay at the till, and the balance after it. */
export interface PrepaidOutcome {
  amount: number;
  unpaid: number;
  balance: number;
}

/**
 * The result: paid from (or added to) the balance, the new balance, and for a partial payment
 * "€ A paid from your balance; please pay the remaining € B at the till". Done; no Cancel.
 */
export function PrepaidResultScreen({
  kind,
  outcome,
  onDone,
  finishing,
  error,
}: {
  kind: PrepaidKind;
  outcome: PrepaidOutcome;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Screen title={t(`prepaid.${kind}.resultTitle`)} testId="screen-prepaid-result" tone="success">
      <dl className="stats">
        <Stat label={t(`prepaid.${kind}.moved`)} testId="prepaid-moved">
          <Money cents={outcome.amount} />
        </Stat>
        <Stat label={t('prepaid.newBalance')} main testId="prepaid-new-balance">
          <Money cents={outcome.balance} />
        </Stat>
      </dl>
      {outcome.unpaid > 0 ? (
        <p className="notice" data-testid="prepaid-rest">
          {t('prepaid.pay.rest', { charge: money(outcome.amount), rest: money(outcome.unpaid) })}
        </p>
      ) : null}
      {error}
      <DoneActions onDone={onDone} finishing={finishing} />
    </Screen>
  );
}
