import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidSessionType } from '../../api/prepaid-transaction';
import { AmountEntry } from '../../components/amount-entry';
import { AmountPresets } from '../../components/amount-presets';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { Stat } from '../../components/stat';

/**
 * The amount to pay or to add, typed on the keypad (at least `minInCents`), with the customer's
 * balance beside it; a top-up also offers one-tap amounts, as the gift-card top-up does.
 */
export function PrepaidAmountScreen({
  type,
  balanceInCents,
  minInCents,
  onAmount,
  footer,
}: {
  type: PrepaidSessionType;
  balanceInCents: number;
  /** The least amount the account allows. */
  minInCents: number;
  onAmount: (cents: number) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen title={t(`prepaid.${type}.amountTitle`)} testId="screen-prepaid-amount" footer={footer}>
      <div className="amount-layout">
        <div className="amount-side">
          <dl className="stats">
            <Stat label={t('welcome.prepaid')} testId="prepaid-balance">
              <Money cents={balanceInCents} />
            </Stat>
          </dl>
          {type === 'top_up_prepaid' ? (
            <AmountPresets minInCents={minInCents} maxInCents={null} onAmount={onAmount} />
          ) : null}
        </div>
        <AmountEntry
          label={t(`prepaid.${type}.amountLabel`)}
          minInCents={minInCents}
          limitInCents={null}
          onAmount={onAmount}
        />
      </div>
    </Screen>
  );
}
