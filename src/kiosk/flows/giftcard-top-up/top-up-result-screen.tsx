import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardTopUpResult } from '../../../contract/portal';
import { Button } from '../../components/button';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';

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
        <div className="stat" data-testid="topup-added">
          <dt>{t('topUp.added', { hint: result.giftcard.hash_hint })}</dt>
          <dd>
            <Money cents={result.amount_in_cents} />
          </dd>
        </div>
        <div className="stat stat-main" data-testid="giftcard-new-balance">
          <dt>{t('topUp.newBalance')}</dt>
          <dd>
            <Money cents={result.giftcard.balance_in_cents} />
          </dd>
        </div>
      </dl>
      {error}
      <div className="form-actions">
        <Button busy={finishing} onClick={onDone} data-testid="done-button">
          {t('common.done')}
        </Button>
      </div>
    </Screen>
  );
}
