import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DoneActions } from '../../components/done-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/** What a top-up did: the card (its last 4 characters), the amount added, its balance after (cents). */
export interface TopUpOutcome {
  hashHint: string;
  amountInCents: number;
  balanceInCents: number;
}

/** The card was topped up: the amount added and its new balance; Done. A money result: no Cancel. */
export function TopUpResultScreen({
  outcome,
  onDone,
  finishing,
  error,
}: {
  outcome: TopUpOutcome;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t('topUp.resultTitle')} testId="screen-topup-result" tone="success">
      <dl className="stats">
        <Stat label={t('topUp.added', { hint: outcome.hashHint })} testId="topup-added">
          <Money cents={outcome.amountInCents} />
        </Stat>
        <Stat label={t('topUp.newBalance')} main testId="giftcard-new-balance">
          <Money cents={outcome.balanceInCents} />
        </Stat>
      </dl>
      {error}
      <DoneActions onDone={onDone} finishing={finishing} />
    </Screen>
  );
}
