import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidKind } from '../../api/prepaid-transaction';
import { AmountEntry } from '../../components/amount-entry';
import { AmountPresets } from '../../components/amount-presets';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/**
 * The amount to pay or to add, typed on the keypad (at least `min` cents), with the customer's
 * balance beside it; a top-up also offers one-tap amounts, as the gift-card top-up does.
 */
export function PrepaidAmountScreen({
  kind,
  balance,
  min,
  onAmount,
  footer,
}: {
  kind: PrepaidKind;
  balance: number;
  /** The least amount the account allows, in cents. */
  min: number;
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
          {kind === 'top-up' ? <AmountPresets min={min} max={null} onAmount={onAmount} /> : null}
        </div>
        <AmountEntry label={t(`prepaid.${kind}.amountLabel`)} min={min} limit={null} onAmount={onAmount} />
      </div>
    </Screen>
  );
}
