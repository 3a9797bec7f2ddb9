import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardPayment } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { ResultTemplate } from '../../../ui/result';
import { formatMoney } from '../../../web/format';
import { Money } from '../../components/money';
import { Screen } from '../../components/screen';
import { useCountTo } from '../../hooks/use-count-to';
import type { PaymentProgress } from '../../lib/giftcards';

/** What a card paid and, counting down from its balance before, what is left on it. */
function CardLeft({ payment }: { payment: GiftcardPayment }) {
  const { t, i18n } = useTranslation();
  const left = useCountTo(
    payment.balance_after_in_cents,
    payment.balance_after_in_cents + payment.amount_in_cents,
  );
  return (
    <span className="line-amount count-change">
      {t('giftcard.cardPaid', {
        amount: formatMoney(payment.amount_in_cents, i18n.language),
        left: formatMoney(left, i18n.language),
      })}
    </span>
  );
}

/**
 * What the gift cards have paid, on the result template. While money is still due the hero is
 * that amount, in the warning tone ("€ 5.00 still to pay"), never a success; the paid total is what
 * it means, with each card's part and what is left on it. All paid is the success: the paid total
 * is the hero. "Use another card" while something remains (when allowed; the hand scanner reads
 * the next card here too), and Done. A money result: no Cancel here (what was paid stays paid).
 */
export function GiftcardPaidScreen({
  progress,
  onAnotherCard,
  onDone,
  finishing,
  error,
}: {
  progress: PaymentProgress;
  /** Present when another card may pay the rest. */
  onAnotherCard?: () => void;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const remaining = progress.remaining_in_cents;
  const due = remaining > 0;
  const paidLine = (
    <span data-testid="giftcard-paid">
      {t('giftcard.paidWithCards')} <Money cents={progress.paid_in_cents} />
    </span>
  );
  return (
    <Screen
      title={
        due
          ? t(onAnotherCard ? 'giftcard.stillDueTitle' : 'giftcard.stillDueAtTillTitle', {
              amount: money(remaining),
            })
          : t('giftcard.paidFullTitle')
      }
      testId="screen-giftcard-paid"
      tone={due ? 'plain' : 'success'}
      result
      footer={
        <div className="form-actions">
          {onAnotherCard ? (
            <Button variant="secondary" onClick={onAnotherCard} data-testid="another-card">
              {t('giftcard.anotherCard')}
            </Button>
          ) : null}
          <Button busy={finishing} onClick={onDone} data-testid="done-button">
            {due && onAnotherCard ? t('giftcard.doneRestAtTill') : t('common.done')}
          </Button>
        </div>
      }
    >
      <ResultTemplate
        tone={due ? 'due' : 'success'}
        hero={
          due
            ? {
                label: t('giftcard.remaining'),
                value: <Money cents={remaining} />,
                testId: 'giftcard-remaining',
              }
            : {
                label: t('giftcard.paidWithCards'),
                value: <Money cents={progress.paid_in_cents} />,
                testId: 'giftcard-paid',
              }
        }
        meaning={
          due ? (
            <>
              {paidLine}
              <span className="ui-result-aside" data-testid="pay-rest-at-till">
                {onAnotherCard
                  ? t('giftcard.scanNextOrTill')
                  : t('giftcard.payRestAtTill', { amount: money(remaining) })}
              </span>
            </>
          ) : undefined
        }
        details={
          <ul className="lines" data-testid="giftcard-payments">
            {progress.payments.map((payment) => (
              <li key={payment.transaction_uuid} className="line">
                <span>{t('giftcard.cardLine', { hint: payment.giftcard.hash_hint })}</span>
                <CardLeft payment={payment} />
              </li>
            ))}
          </ul>
        }
      />
      {error}
    </Screen>
  );
}
