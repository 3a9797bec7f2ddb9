import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardPayment } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { GiftcardPaymentTotals } from '../../components/giftcard-payment-totals';
import { Screen } from '../../components/screen';
import { useCountTo } from '../../hooks/use-count-to';
import { formatMoney } from '../../lib/format';
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
 * What the gift cards have paid: each card's part and what is left on it, the total paid and what
 * remains; "Use another card" while something remains (when allowed), and Done. While money is
 * still due the heading says how much (no success heading); all paid is the success. A money
 * result: no Cancel here (what was paid stays paid).
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
  return (
    <Screen
      title={
        remaining > 0
          ? t('giftcard.stillDueTitle', { amount: money(remaining) })
          : t('giftcard.paidFullTitle')
      }
      testId="screen-giftcard-paid"
      tone={remaining > 0 ? 'plain' : 'success'}
    >
      <GiftcardPaymentTotals progress={progress} />
      <ul className="lines" data-testid="giftcard-payments">
        {progress.payments.map((payment) => (
          <li key={payment.transaction_uuid} className="line">
            <span>{t('giftcard.cardLine', { hint: payment.giftcard.hash_hint })}</span>
            <CardLeft payment={payment} />
          </li>
        ))}
      </ul>
      {remaining > 0 && !onAnotherCard ? (
        <p className="notice" data-testid="pay-rest-at-till">
          {t('giftcard.payRestAtTill', { amount: money(remaining) })}
        </p>
      ) : null}
      {error}
      <div className="form-actions">
        {onAnotherCard ? (
          <Button variant="secondary" onClick={onAnotherCard} data-testid="another-card">
            {t('giftcard.anotherCard')}
          </Button>
        ) : null}
        <Button busy={finishing} onClick={onDone} data-testid="done-button">
          {remaining > 0 && onAnotherCard ? t('giftcard.doneRestAtTill') : t('common.done')}
        </Button>
      </div>
    </Screen>
  );
}
