import { useTranslation } from 'react-i18next';
import type { PaymentProgress } from '../lib/giftcards';
import { Money } from './money';

/**
 * What a gift-card payment stands at: paid with gift cards, and what remains to pay (at the till,
 * once the customer is done).
 */
export function GiftcardPaymentTotals({ progress }: { progress: PaymentProgress }) {
  const { t } = useTranslation();
  return (
    <dl className="stats" data-testid="giftcard-totals">
      <div className="stat" data-testid="giftcard-paid">
        <dt>{t('giftcard.paidWithCards')}</dt>
        <dd>
          <Money cents={progress.paid_in_cents} />
        </dd>
      </div>
      <div className="stat stat-main" data-testid="giftcard-remaining">
        <dt>{t('giftcard.remaining')}</dt>
        <dd>
          <Money cents={progress.remaining_in_cents} />
        </dd>
      </div>
    </dl>
  );
}
