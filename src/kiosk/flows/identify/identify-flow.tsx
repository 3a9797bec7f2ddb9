import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState } from '../../../contract/portal';
import { ActionError } from '../../components/action-error';
import { CancelButton } from '../../components/cancel-button';
import { IdleGuard } from '../../components/idle-guard';
import { Spinner } from '../../components/spinner';
import { useFinishAction } from '../../hooks/use-finish-action';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { LoadingScreen } from '../../screens/loading-screen';
import { WelcomeScreen } from '../../screens/welcome-screen';

// The portal's tabs are loaded while the customer identifies (the welcome shows at once anyway).
const loadCustomerPortal = () => import('./customer-portal');
const CustomerPortal = lazy(loadCustomerPortal);

/**
 * The `identify` session (the customer's own portal): identification, then name, credits, tier and
 * prepaid balance with the portal's tabs (rewards, vouchers, activity, e-mail, cards); Done
 * completes the session. An idle screen starts over (clearing the customer's details from view).
 */
export function IdentifyFlow({ session }: { session: PortalSessionState }) {
  const { state, go, reset } = useIdentificationFlow(session);
  const done = useFinishAction(session.uuid, 'complete');
  const { t } = useTranslation();
  const footer = <CancelButton sessionUuid={session.uuid} />;
  useEffect(() => {
    void loadCustomerPortal();
  }, []);
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
      <Suspense
        fallback={
          <WelcomeScreen contact={session.contact} {...finish}>
            <Spinner label={t('common.loading')} />
          </WelcomeScreen>
        }
      >
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
