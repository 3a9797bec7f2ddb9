import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard, PortalSessionState } from '../../../contract/portal';
import { useRedeemGiftcard } from '../../api/redeem-giftcard';
import { useScanGiftcard } from '../../api/scan-giftcard';
import { GiftcardPaymentTotals } from '../../components/giftcard-payment-totals';
import { IdleGuard } from '../../components/idle-guard';
import { Money } from '../../components/money';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { canUseAnotherCard, emptyPayment } from '../../lib/giftcards';
import { GiftcardCapture } from '../../screens/giftcard-capture';
import { GiftcardCardScreen } from './giftcard-card-screen';
import { GiftcardPaidScreen } from './giftcard-paid-screen';
import { firstRedeemStep, type RedeemStep } from './redeem-step';

/**
 * The `redeem_giftcards` session: pay the session's amount with one or more gift cards. Scan a
 * card, see its balance, pay min(balance, remaining) with it, then another card while something
 * remains (when the session allows several), or Done. Progress comes from the session
 * (giftcard_payment), so a reload or a standby screen shows it. Idle: once a card has paid the
 * session completes (the next customer never sees the payment), before that it starts over.
 */
export default function GiftcardRedeemFlow({ session }: { session: PortalSessionState }) {
  const { t } = useTranslation();
  const { state, go, reset } = useFlowStore<RedeemStep>(() => firstRedeemStep(session));
  const { done, finish, footer } = useFlowFinish(session.uuid);
  const progress = session.giftcard_payment ?? emptyPayment(session.amount_in_cents);
  const paidSome = progress.payments.length > 0;
  const scan = useAction(useScanGiftcard(session.uuid), 'giftcard-scan', (giftcard: PortalGiftcard) =>
    go({ step: 'card', giftcard, remaining: progress.remaining_in_cents }),
  );
  const redeem = useAction(useRedeemGiftcard(session.uuid), 'giftcard-redeem', () => go({ step: 'paid' }));
  const toScan = () => {
    scan.clear();
    redeem.clear();
    go({ step: 'scan', capture: 'scan' });
  };

  let screen: ReactNode;
  switch (state.step) {
    case 'scan':
      screen = (
        <GiftcardCapture
          title={t(paidSome ? 'giftcard.scanAnotherTitle' : 'giftcard.scanTitle')}
          scan={scan}
          settings={session.settings}
          mode={state.capture}
          onMode={(capture) => go({ step: 'scan', capture })}
          intro={
            paidSome ? (
              <GiftcardPaymentTotals progress={progress} />
            ) : (
              <p className="amount-due" data-testid="amount-due">
                {t('giftcard.toPay')} <Money cents={progress.remaining_in_cents} />
              </p>
            )
          }
          onBack={paidSome ? () => go({ step: 'paid' }) : undefined}
          footer={footer}
        />
      );
      break;
    case 'card':
      screen = (
        <GiftcardCardScreen
          giftcard={state.giftcard}
          remaining={state.remaining}
          onPay={() => redeem.run({ giftcard_uuid: state.giftcard.uuid })}
          paying={redeem.pending}
          error={redeem.error}
          onOtherCard={toScan}
          footer={footer}
        />
      );
      break;
    case 'paid':
      screen = (
        <GiftcardPaidScreen
          progress={progress}
          onAnotherCard={
            canUseAnotherCard(progress, session.settings.allow_multiple_giftcards) ? toScan : undefined
          }
          {...finish}
        />
      );
      break;
  }
  return (
    <>
      {screen}
      <IdleGuard seconds={session.kiosk.idle_seconds} onReset={paidSome ? done.run : reset} />
    </>
  );
}
