import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AwaitingPayment,
  GiftcardTopUpResult,
  PortalGiftcard,
  PortalSessionState,
} from '../../../contract/portal';
import { scanGiftcardAction } from '../../api/scan-giftcard';
import { topUpGiftcardAction } from '../../api/top-up-giftcard';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { topUpProblem } from '../../lib/giftcards';
import type { IdleRule } from '../../lib/idle-rule';
import { GiftcardCapture } from '../../screens/giftcard-capture';
import { LoadingScreen } from '../../screens/loading-screen';
import { WaitingForPaymentScreen } from '../../screens/waiting-for-payment-screen';
import { TopUpAmountScreen } from './top-up-amount-screen';
import { TopUpConfirmScreen } from './top-up-confirm-screen';
import { type TopUpOutcome, TopUpResultScreen } from './top-up-result-screen';
import { TOP_UP_START, type TopUpStep } from './top-up-step';

/** What each step does when left alone (lib/idle-rule.ts): a scanned card's balance ends the session. */
const IDLE: Record<TopUpStep['step'], IdleRule> = {
  scan: 'start',
  amount: 'customer',
  confirm: 'customer',
  waiting: 'busy',
  done: 'result',
};

/**
 * The `top_up_giftcards` session: scan a gift card, see its balance, choose a preset or type an
 * amount (at most what the program allows on it; the session's own amount when it has one),
 * confirm — saying it is paid at the till — and see the new balance. A session that holds its
 * top-ups waits for the cashier's "Received" first. A card that cannot be topped up is explained
 * before any amount is asked. Left alone: the first scan starts over, a scanned card's screens
 * cancel the session, the result completes it; the wait for the payment has no timer.
 */
export default function GiftcardTopUpFlow({
  session,
  giftcard: scanned,
}: {
  session: PortalSessionState;
  /** A card scanned before the flow (a scan-anything session): its amount comes first. */
  giftcard?: PortalGiftcard;
}) {
  const { t } = useTranslation();
  const fixed = session.amount_in_cents;
  // After a scan: straight to "Top up € X?" when the session sets X and the card takes it.
  const afterScan = (giftcard: PortalGiftcard): TopUpStep =>
    fixed !== null && !topUpProblem(giftcard)
      ? { step: 'confirm', giftcard, amountInCents: fixed }
      : { step: 'amount', giftcard };
  const { state, round, go, reset } = useFlowStore<TopUpStep>(() =>
    scanned ? afterScan(scanned) : TOP_UP_START,
  );
  const { finish, footer } = useFlowFinish(session);
  const scan = useAction(scanGiftcardAction, (giftcard: PortalGiftcard) => go(afterScan(giftcard)));
  const topUp = useAction(topUpGiftcardAction, (result: GiftcardTopUpResult | AwaitingPayment, body) =>
    go(
      'awaiting_payment' in result
        ? { step: 'waiting', giftcardUuid: body.giftcard_uuid }
        : { step: 'done', result },
    ),
  );
  const toScan = () => {
    scan.clear();
    go({ step: 'scan', capture: 'scan' });
  };

  let screen: ReactNode;
  let rule: IdleRule = IDLE[state.step];
  if (session.payment_hold) {
    screen = <WaitingForPaymentScreen amountInCents={session.payment_hold.amount_in_cents} footer={footer} />;
    rule = 'busy';
  } else
    switch (state.step) {
      case 'scan':
        screen = (
          <GiftcardCapture
            key={round}
            title={t('topUp.scanTitle')}
            scan={scan}
            settings={session.settings}
            mode={state.capture}
            onMode={(capture) => go({ step: 'scan', capture })}
            footer={footer}
          />
        );
        break;
      case 'amount':
        screen = (
          <TopUpAmountScreen
            giftcard={state.giftcard}
            minInCents={session.kiosk.min_amount_in_cents}
            onAmount={(amount) => {
              topUp.clear();
              go({ step: 'confirm', giftcard: state.giftcard, amountInCents: amount });
            }}
            onOtherCard={toScan}
            footer={footer}
          />
        );
        break;
      case 'confirm':
        screen = (
          <TopUpConfirmScreen
            giftcard={state.giftcard}
            amountInCents={state.amountInCents}
            onConfirm={() =>
              topUp.run({ giftcard_uuid: state.giftcard.uuid, amount_in_cents: state.amountInCents })
            }
            confirming={topUp.pending}
            error={topUp.error}
            onChangeAmount={
              fixed === null ? () => go({ step: 'amount', giftcard: state.giftcard }) : undefined
            }
          />
        );
        break;
      case 'waiting': {
        // Received: the card's newest top-up in the session is the one that waited.
        const line = session.giftcard_top_ups?.findLast((l) => l.giftcard.uuid === state.giftcardUuid);
        screen = line ? (
          <TopUpResultScreen
            outcome={{
              hashHint: line.giftcard.hash_hint,
              amountInCents: line.amount_in_cents,
              balanceInCents: line.balance_after_in_cents,
            }}
            {...finish}
          />
        ) : (
          <LoadingScreen />
        );
        rule = line ? 'result' : 'busy';
        break;
      }
      case 'done':
        screen = <TopUpResultScreen outcome={outcomeOf(state.result)} {...finish} />;
        break;
    }
  return (
    <>
      {screen}
      <IdleGuard session={session} rule={rule} screen={`${state.step}-${round}`} onReset={reset} />
    </>
  );
}

function outcomeOf(result: GiftcardTopUpResult): TopUpOutcome {
  return {
    hashHint: result.giftcard.hash_hint,
    amountInCents: result.amount_in_cents,
    balanceInCents: result.giftcard.balance_in_cents,
  };
}
