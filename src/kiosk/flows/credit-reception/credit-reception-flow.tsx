import { type ReactNode, useEffect, useRef } from 'react';
import type { PortalSessionState } from '../../../contract/portal';
import { createCreditReceptionAction } from '../../api/create-credit-reception';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { creditStage } from '../../lib/credit-stage';
import { identificationIdleRule } from '../../lib/identification';
import type { IdleRule } from '../../lib/idle-rule';
import { joinedHere } from '../../lib/session-outcome';
import { CreditResultScreen } from '../../screens/credit-result-screen';
import { CreditingScreen } from '../../screens/crediting-screen';
import { LoadingScreen } from '../../screens/loading-screen';
import { WaitingForCashierScreen } from '../../screens/waiting-for-cashier-screen';

/**
 * The `credit_reception` session: identification, then the credit reception for the pushed POS
 * transaction or the session's amount (created here), or a pushed one; until there is something
 * to credit, a waiting screen that the session stream updates live. The result shows the credits
 * earned and the new balance. Left alone, the result completes the session after
 * end_screen_seconds, the waiting screen (it greets the customer) ends it after idle_seconds, and
 * identification starts over (lib/idle-rule.ts).
 */
export function CreditReceptionFlow({ session }: { session: PortalSessionState }) {
  const { state, round, go, reset } = useIdentificationFlow(session);
  const { finish, footer } = useFlowFinish(session);
  const stage = creditStage(session);

  let screen: ReactNode;
  let rule: IdleRule;
  let name: string;
  if (session.credit_reception) {
    screen = (
      <CreditResultScreen
        reception={session.credit_reception}
        joined={joinedHere(session.events)}
        accountName={session.account.name}
        {...finish}
      />
    );
    [rule, name] = ['result', 'result'];
  } else if (state.step !== 'identified') {
    screen = <IdentificationSteps key={round} session={session} step={state} go={go} footer={footer} />;
    [rule, name] = [identificationIdleRule(state, session.settings), state.step];
  } else if (!session.contact) {
    screen = <LoadingScreen />;
    [rule, name] = ['busy', 'loading'];
  } else if (stage === 'create') {
    const target = session.pos_transaction?.uuid ?? `amount-${session.amount_in_cents}`;
    screen = <CreditingStep key={target} footer={footer} />;
    [rule, name] = ['customer', 'crediting'];
  } else {
    screen = <WaitingForCashierScreen contact={session.contact} footer={footer} />;
    [rule, name] = ['customer', 'waiting'];
  }
  return (
    <>
      {screen}
      <IdleGuard session={session} rule={rule} screen={`${name}-${round}`} onReset={reset} />
    </>
  );
}

/** Creates the credit reception once on arrival (the service answers the same one to a repeat). */
function CreditingStep({ footer }: { footer: ReactNode }) {
  const create = useAction(createCreditReceptionAction);
  const started = useRef(false);
  const { run } = create;
  useEffect(() => {
    if (!started.current) started.current = run({});
  }, [run]);
  return <CreditingScreen error={create.error} footer={footer} />;
}
