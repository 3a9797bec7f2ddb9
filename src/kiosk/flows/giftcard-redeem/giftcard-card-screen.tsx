import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../web/format';
import { GiftcardSummary } from '../../components/giftcard-summary';
import { Screen } from '../../components/screen';
import { chargeFor, redeemProblem } from '../../lib/giftcards';

/**
 * A scanned gift card: its balance and expiry, then "Pay € X with this card" (X = min(balance,
 * remainingInCents)) and what will remain, or why this card cannot pay (expired, empty, not active).
 */
export function GiftcardCardScreen({
  giftcard,
  remainingInCents,
  onPay,
  paying,
  error,
  onOtherCard,
  footer,
}: {
  giftcard: PortalGiftcard;
  /** What is left to pay. */
  remainingInCents: number;
  onPay: () => void;
  paying: boolean;
  error?: ReactNode;
  onOtherCard: () => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const problem = redeemProblem(giftcard);
  const charge = chargeFor(giftcard, remainingInCents);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Screen
      title={t(problem ? `giftcard.problem.${problem}Title` : 'giftcard.cardTitle')}
      testId="screen-giftcard-card"
      tone={problem ? 'warning' : 'plain'}
      footer={footer}
    >
      <GiftcardSummary giftcard={giftcard} unusable={problem !== null} />
      {problem ? (
        <p className="notice" data-testid="giftcard-problem" data-problem={problem}>
          {t(`giftcard.problem.${problem}`)}
        </p>
      ) : charge < remainingInCents ? (
        <p className="lead" data-testid="giftcard-after">
          {t('giftcard.partly', { charge: money(charge), rest: money(remainingInCents - charge) })}
        </p>
      ) : null}
      {error}
      <div className="form-actions">
        <Button
          variant={problem ? 'primary' : 'secondary'}
          disabled={paying}
          onClick={onOtherCard}
          data-testid="other-card"
        >
          {t('giftcard.otherCard')}
        </Button>
        {problem ? null : (
          <Button busy={paying} onClick={onPay} data-testid="pay-button">
            {paying ? t('giftcard.paying') : t('giftcard.pay', { amount: money(charge) })}
          </Button>
        )}
      </div>
    </Screen>
  );
}
