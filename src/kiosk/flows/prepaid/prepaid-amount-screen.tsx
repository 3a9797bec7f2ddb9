import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidKind } from '../../api/prepaid-transaction';
import { AmountKeypad } from '../../components/amount-keypad';
import { Button } from '../../components/button';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { KEYPAD_START } from '../../lib/amount-keypad';

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
  const [keypad, setKeypad] = useState(KEYPAD_START);
  return (
    <Screen title={t(`prepaid.${kind}.amountTitle`)} testId="screen-prepaid-amount" footer={footer}>
      <div className="amount-layout">
        <div className="amount-side">
          <dl className="stats">
            <div className="stat" data-testid="prepaid-balance">
              <dt>{t('welcome.prepaid')}</dt>
              <dd>
                <Money cents={balance} />
              </dd>
            </div>
          </dl>
        </div>
        <div className="amount-main">
          <AmountKeypad
            state={keypad}
            onChange={setKeypad}
            limit={null}
            label={t(`prepaid.${kind}.amountLabel`)}
          />
          <Button
            className="keypad-continue"
            disabled={keypad.cents === 0}
            onClick={() => onAmount(keypad.cents)}
            data-testid="amount-continue"
          >
            {t('topUp.continue')}
          </Button>
        </div>
      </div>
    </Screen>
  );
}
