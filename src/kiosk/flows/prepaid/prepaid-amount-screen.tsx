import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidKind } from '../../api/prepaid-transaction';
import { AmountEntry } from '../../components/amount-entry';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/** The amount to pay or to add, typed on the keypad, with the customer's balance beside it. */
export function PrepaidAmountScreen({
  kind,
  balance,
  onAmount,
  footer,
}: {
  kind: PrepaidKind;
  balance: number;
  onAmount: (cents: number) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t(`prepaid.${kind}.amountTitle`)} testId="screen-prepaid-amount" footer={footer}>
      <div className="amount-layout">
        <div className="amount-side">
          <dl className="stats">
            <Stat label={t('welcome.prepaid')} testId="prepaid-balance">
              <Money cents={balance} />
            </Stat>
          </dl>
        </div>
        <AmountEntry label={t(`prepaid.${kind}.amountLabel`)} limit={null} onAmount={onAmount} />
      </div>
    </Screen>
  );
}
