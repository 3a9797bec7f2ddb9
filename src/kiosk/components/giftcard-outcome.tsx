import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../web/format';
import type { PaymentProgress } from '../lib/giftcards';

/**
 * The end of a gift-card payment, on the end screens: "Paid € X with gift cards", and "Please pay
 * the remaining € Y at the till" while something remains.
 */
export function GiftcardOutcome({ progress }: { progress: PaymentProgress }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <>
      <p className="lead" data-testid="paid-summary">
        {t('giftcard.paidSummary', { amount: money(progress.paid_in_cents) })}
      </p>
      {progress.remaining_in_cents > 0 ? (
        <p className="notice" data-testid="remaining-summary">
          {t('giftcard.payRestAtTill', { amount: money(progress.remaining_in_cents) })}
        </p>
      ) : null}
    </>
  );
}
