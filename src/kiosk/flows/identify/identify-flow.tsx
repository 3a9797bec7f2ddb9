import { lazy, type ReactNode, Suspense } from 'react';
import type { PortalSessionState } from '../../../contract/portal';
import { ActionError } from '../../components/action-error';
import { CancelButton } from '../../components/cancel-button';
import { IdleGuard } from '../../components/idle-guard';
import { useFinishAction } from '../../hooks/use-finish-action';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { LoadingScreen } from '../../screens/loading-screen';
import { WelcomeScreen } from '../../screens/welcome-screen';

// The portal's tabs load while the customer reads the welcome (it shows at once without them).
const CustomerPortal = lazy(() => import('./customer-portal'));

/**
 * The `identify` session (the customer's own portal): identification, then name, credits, tier and
 * prepaid balance with the portal's tabs (rewards, vouchers, activity, e-mail, cards); Done
 * completes the session. An idle screen starts over (clearing the customer's details from view).
 */
export function IdentifyFlow({ session }: { session: PortalSessionState }) {
  const { state, go, reset } = useIdentificationFlow(session);
  const done = useFinishAction(session.uuid, 'complete');
  const footer = <CancelButton sessionUuid={session.uuid} />;
  let screen: ReactNode;
  if (state.step !== 'identified') {
    screen = <IdentificationSteps session={session} step={state} go={go} footer={footer} />;
  } else if (!session.contact) {
    screen = <LoadingScreen />;
  } else {
    const finish = {
      onDone: done.run,
      finishing: done.pending,
      error: done.error ? <ActionError error={done.error} action="finish" onRetry={done.retry} /> : null,
      footer,
    };
    screen = (
      <Suspense fallback={<WelcomeScreen contact={session.contact} {...finish} />}>
        <CustomerPortal session={session} contact={session.contact} {...finish} />
      </Suspense>
    );
  }
  return (
    <>
      {screen}
      <IdleGuard seconds={session.kiosk.idle_seconds} onReset={reset} />
    </>
  );
}
