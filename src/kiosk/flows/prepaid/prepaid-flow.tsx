import type { ReactNode } from 'react';
import type { AwaitingPayment, PortalSessionState, PrepaidResult } from '../../../contract/portal';
import { type PrepaidSessionType, prepaidAction } from '../../api/prepaid-transaction';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { VerifyStep } from '../../identification/verify-step';
import { identificationIdleRule } from '../../lib/identification';
import type { IdleRule } from '../../lib/idle-rule';
import { prepaidDoneFromEvents } from '../../lib/prepaid';
import { LoadingScreen } from '../../screens/loading-screen';
import { WaitingForPaymentScreen } from '../../screens/waiting-for-payment-screen';
import { PrepaidAmountScreen } from './prepaid-amount-screen';
import { PrepaidConfirmScreen } from './prepaid-confirm-screen';
import { PrepaidEmptyScreen } from './prepaid-empty-screen';
import { type PrepaidOutcome, PrepaidResultScreen } from './prepaid-result-screen';
import { firstPrepaidStep, type PrepaidStep } from './prepaid-step';

/**
 * The `pay_prepaid` and `top_up_prepaid` sessions: identification (a payment then needs the
 * customer to confirm it is them when their e-mail alone identified them), then the amount (the
 * session's, or typed on the keypad), confirm, and the new balance. A payment charges min(amount,
 * balance) and says what is left to pay at the till; an empty balance is refused kindly before
 * anything is asked. A top-up says it is paid at the till; a session that holds it waits for the
 * cashier's "Received" (nothing moves before). The session's transaction (its event) shows as the
 * result after a reload. Left alone: identification starts over, the customer's screens end the
 * session, the result completes it; the wait for the payment has no timer.
 */
export default function PrepaidFlow({
  session,
  type,
}: {
  session: PortalSessionState;
  type: PrepaidSessionType;
}) {
  const identification = useIdentificationFlow(session);
  const { state, go, reset } = useFlowStore<PrepaidStep>(() => firstPrepaidStep(session.amount_in_cents));
  const { finish, footer } = useFlowFinish(session);
  const transaction = useAction(prepaidAction(type), (result: PrepaidResult | AwaitingPayment) => {
    // A held top-up: the session's payment hold shows the wait.
    if (!('awaiting_payment' in result)) go({ step: 'done', result });
  });
  const outcome = prepaidOutcome(session, type, state);
  const identified = identification.state.step === 'identified';
  const startOver = () => {
    identification.reset();
    reset();
  };
  const contact = session.contact;

  let screen: ReactNode;
  let rule: IdleRule = 'customer';
  if (outcome) {
    screen = <PrepaidResultScreen type={type} outcome={outcome} {...finish} />;
    rule = 'result';
  } else if (session.payment_hold) {
    screen = <WaitingForPaymentScreen amountInCents={session.payment_hold.amount_in_cents} footer={footer} />;
    rule = 'busy';
  } else if (!identified) {
    rule = identificationIdleRule(identification.state, session.settings);
    screen = (
      <IdentificationSteps
        key={identification.round}
        session={session}
        step={identification.state}
        go={identification.go}
        footer={footer}
      />
    );
  } else if (!contact) {
    screen = <LoadingScreen />;
    rule = 'busy';
  } else if (type === 'pay_prepaid' && !session.contact_proof?.proven) {
    screen = <VerifyStep session={session} onBack={startOver} footer={footer} />;
  } else if (type === 'pay_prepaid' && contact.prepaid_balance_in_cents <= 0) {
    screen = <PrepaidEmptyScreen footer={footer} />;
  } else if (state.step === 'amount') {
    screen = (
      <PrepaidAmountScreen
        type={type}
        balanceInCents={contact.prepaid_balance_in_cents}
        minInCents={session.kiosk.min_amount_in_cents}
        onAmount={(amountInCents) => go({ step: 'confirm', amountInCents })}
        footer={footer}
      />
    );
  } else if (state.step === 'confirm') {
    const typed = session.amount_in_cents === null;
    screen = (
      <PrepaidConfirmScreen
        type={type}
        amountInCents={state.amountInCents}
        balanceInCents={contact.prepaid_balance_in_cents}
        onConfirm={() => transaction.run(typed ? { amount_in_cents: state.amountInCents } : {})}
        confirming={transaction.pending}
        error={transaction.error}
        onChangeAmount={
          typed
            ? () => {
                transaction.clear();
                go({ step: 'amount' });
              }
            : undefined
        }
      />
    );
  }
  return (
    <>
      {screen}
      <IdleGuard
        session={session}
        rule={rule}
        screen={
          outcome
            ? 'result'
            : session.payment_hold
              ? 'waiting'
              : identified
                ? state.step
                : `${identification.state.step}-${identification.round}`
        }
        onReset={startOver}
      />
    </>
  );
}

/**
 * What the session's transaction did: from this screen's answer, else from the session's event
 * (a reload); null while there is none. Without this screen's answer, what is left to pay is known
 * only for the session's own amount.
 */
function prepaidOutcome(
  session: PortalSessionState,
  type: PrepaidSessionType,
  state: PrepaidStep,
): PrepaidOutcome | null {
  if (state.step === 'done') {
    return {
      amountInCents: state.result.charged_in_cents,
      unpaidInCents: state.result.unpaid_in_cents,
      balanceInCents: state.result.contact.prepaid_balance_in_cents,
    };
  }
  const event = prepaidDoneFromEvents(session.events);
  if (!event) return null;
  const asked = type === 'pay_prepaid' ? session.amount_in_cents : null;
  return {
    amountInCents: event.amount_in_cents,
    unpaidInCents: asked === null ? 0 : Math.max(0, asked - event.amount_in_cents),
    balanceInCents: event.balance_in_cents,
  };
}
