import { useTranslation } from 'react-i18next';
import { GiftcardOutcome } from '../components/giftcard-outcome';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';
import type { PaymentProgress } from '../lib/giftcards';

/**
 * The session was cancelled (here or by the POS); dismisses itself after `seconds`. It never says
 * "nothing was changed" when something was (`changed`): a gift-card payment says what was paid.
 */
export function CancelledScreen({
  seconds,
  onDismiss,
  changed = false,
  giftcardPayment,
}: {
  seconds: number;
  onDismiss: () => void;
  changed?: boolean;
  giftcardPayment?: PaymentProgress | null;
}) {
  const { t } = useTranslation();
  useCountdown(seconds, onDismiss);
  const paid = giftcardPayment && giftcardPayment.paid_in_cents > 0 ? giftcardPayment : null;
  return (
    <Screen title={t('terminal.cancelledTitle')} testId="screen-cancelled" status="cancelled">
      {paid ? (
        <GiftcardOutcome progress={paid} />
      ) : (
        <p className="lead">{t(changed ? 'terminal.cancelledAfterChanges' : 'terminal.cancelledBody')}</p>
      )}
    </Screen>
  );
}
