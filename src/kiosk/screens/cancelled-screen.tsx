import { useTranslation } from 'react-i18next';
import { GiftcardOutcome } from '../components/giftcard-outcome';
import { Screen } from '../components/screen';
import { useCountdown } from '../hooks/use-countdown';
import type { PaymentProgress } from '../lib/giftcards';

/**
 * The session was cancelled; dismisses itself after `seconds`. A visit that changed nothing and
 * was ended here (the customer's "I'm done", or left alone) says goodbye: "See you next time". One
 * the POS or the cashier cancelled says so. It never says "nothing was changed" when something was
 * (`changed`): a gift-card payment says what was paid.
 */
export function CancelledScreen({
  seconds,
  onDismiss,
  changed = false,
  elsewhere = false,
  giftcardPayment,
}: {
  seconds: number;
  onDismiss: () => void;
  changed?: boolean;
  /** Cancelled by the POS or the cashier console, not at this screen. */
  elsewhere?: boolean;
  giftcardPayment?: PaymentProgress | null;
}) {
  const { t } = useTranslation();
  useCountdown(seconds, onDismiss);
  const paid = giftcardPayment && giftcardPayment.paid_in_cents > 0 ? giftcardPayment : null;
  const goodbye = !changed && !paid && !elsewhere;
  return (
    <Screen
      title={t(goodbye ? 'terminal.goodbyeTitle' : 'terminal.cancelledTitle')}
      testId="screen-cancelled"
      status={goodbye ? 'goodbye' : 'cancelled'}
    >
      {paid ? (
        <GiftcardOutcome progress={paid} />
      ) : (
        <p className="lead">
          {t(
            goodbye
              ? 'terminal.goodbyeBody'
              : changed
                ? 'terminal.cancelledAfterChanges'
                : 'terminal.cancelledBody',
          )}
        </p>
      )}
    </Screen>
  );
}
