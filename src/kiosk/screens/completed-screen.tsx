import { useTranslation } from 'react-i18next';
import { GiftcardOutcome } from '../components/giftcard-outcome';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';
import type { PaymentProgress } from '../lib/giftcards';

/**
 * The session is done: thanks (with what the gift cards paid and what remains, for a gift-card
 * payment), then the screen dismisses itself after `seconds`.
 */
export function CompletedScreen({
  seconds,
  onDismiss,
  giftcardPayment,
}: {
  seconds: number;
  onDismiss: () => void;
  giftcardPayment?: PaymentProgress | null;
}) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, onDismiss);
  const paid = giftcardPayment && giftcardPayment.paid_in_cents > 0 ? giftcardPayment : null;
  return (
    <Screen title={t('terminal.completedTitle')} testId="screen-completed" status="success" tone="success">
      {paid ? <GiftcardOutcome progress={paid} /> : <p className="lead">{t('terminal.completedBody')}</p>}
      <p className="muted">{t('terminal.closing', { count: left })}</p>
    </Screen>
  );
}
