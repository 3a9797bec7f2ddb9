import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PortalSessionState } from '../../../contract/portal';
import { newActionKey } from '../../api/client';
import { useCreateCreditReception } from '../../api/create-credit-reception';
import { ActionError } from '../../components/action-error';
import { IdleGuard } from '../../components/idle-guard';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { creditStage } from '../../lib/credit-stage';
import { CreditResultScreen } from '../../screens/credit-result-screen';
import { CreditingScreen } from '../../screens/crediting-screen';
import { LoadingScreen } from '../../screens/loading-screen';
import { WaitingForCashierScreen } from '../../screens/waiting-for-cashier-screen';

/**
 * The `credit_reception` session: identification, then the credit reception for the pushed POS
 * transaction or the session's amount (created here), or a pushed one; until there is something
 * to credit, a waiting screen that the session stream updates live. The result shows the credits
 * earned and the new balance.
 */
export function CreditReceptionFlow({ session }: { session: PortalSessionState }) {
  const { state, go, reset } = useIdentificationFlow(session);
  const { done, finish, footer } = useFlowFinish(session.uuid);
  const stage = creditStage(session);
  const identifying = state.step !== 'identified' && stage !== 'result';

  let screen: ReactNode;
  if (session.credit_reception) {
    screen = <CreditResultScreen reception={session.credit_reception} {...finish} />;
  } else if (state.step !== 'identified') {
    screen = <IdentificationSteps session={session} step={state} go={go} footer={footer} />;
  } else if (!session.contact) {
    screen = <LoadingScreen />;
  } else if (stage === 'create') {
    const target = session.pos_transaction?.uuid ?? `amount-${session.amount_in_cents}`;
    screen = <CreditingStep key={target} sessionUuid={session.uuid} footer={footer} />;
  } else {
    screen = <WaitingForCashierScreen footer={footer} />;
  }
  return (
    <>
      {screen}
      {/* A finished reception completes on idle (the next customer must not see it); identification
          starts over; the waiting and crediting screens wait for the cashier, not the customer. */}
      <IdleGuard
        seconds={session.kiosk.idle_seconds}
        onReset={stage === 'result' ? done.run : reset}
        enabled={identifying || stage === 'result'}
      />
    </>
  );
}

/** Creates the credit reception once on arrival (one key for this target, reused on retry). */
function CreditingStep({ sessionUuid, footer }: { sessionUuid: string; footer: ReactNode }) {
  const create = useCreateCreditReception(sessionUuid);
  const [key] = useState(newActionKey);
  const started = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ body: {}, key });
  }, [mutate, key]);
  const error = create.isError ? (
    <ActionError error={create.error} action="credit" onRetry={() => mutate({ body: {}, key })} />
  ) : null;
  return <CreditingScreen error={error} footer={footer} />;
}
