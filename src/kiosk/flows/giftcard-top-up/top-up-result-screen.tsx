import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardTopUpResult } from '../../../contract/portal';
import { DoneActions } from '../../components/done-actions';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/** The card was topped up: the amount added and its new balance; Done. A money result: no Cancel. */
export function TopUpResultScreen({
  result,
  onDone,
  finishing,
  error,
}: {
  result: GiftcardTopUpResult;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t('topUp.resultTitle')} testId="screen-topup-result" tone="success">
      <dl className="stats">
        <Stat label={t('topUp.added', { hint: result.giftcard.hash_hint })} testId="topup-added">
          <Money cents={result.amount_in_cents} />
        </Stat>
        <Stat label={t('topUp.newBalance')} main testId="giftcard-new-balance">
          <Money cents={result.giftcard.balance_in_cents} />
        </Stat>
      </dl>
      {error}
      <DoneActions onDone={onDone} finishing={finishing} />
    </Screen>
  );
}
