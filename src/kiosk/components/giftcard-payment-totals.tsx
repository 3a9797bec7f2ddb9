import { useTranslation } from 'react-i18next';
import { type PaymentProgress, paymentFocus } from '../lib/giftcards';
import { Money } from './money';
import { Stat } from './stat';

/**
 * What a gift-card payment stands at: paid with gift cards, and what remains to pay (at the till,
 * once the customer is done). The figure that matters now is the emphasised one (paymentFocus):
 * what is still due while something is, else what was paid; "Still to pay € 0.00" never is.
 */
export function GiftcardPaymentTotals({ progress }: { progress: PaymentProgress }) {
  const { t } = useTranslation();
  const focus = paymentFocus(progress);
  return (
    <dl className="stats" data-testid="giftcard-totals">
      <Stat label={t('giftcard.paidWithCards')} main={focus === 'paid'} testId="giftcard-paid">
        <Money cents={progress.paid_in_cents} />
      </Stat>
      <Stat label={t('giftcard.remaining')} main={focus === 'remaining'} testId="giftcard-remaining">
        <Money cents={progress.remaining_in_cents} />
      </Stat>
    </dl>
  );
}
