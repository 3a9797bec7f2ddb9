import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState } from '../../../contract/portal';
import { IdleGuard } from '../../components/idle-guard';
import { Spinner } from '../../components/spinner';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { identificationIdleRule } from '../../lib/identification';
import { preloadableComponent } from '../../lib/preload';
import { whenIdle } from '../../lib/when-idle';
import { LoadingScreen } from '../../screens/loading-screen';
import { WelcomeScreen } from '../../screens/welcome-screen';

// The portal's tabs (and the voucher card and code capture they share) load while the scan screen
// idles (it needs none of them), so an identified customer's portal renders at once; should they
// not be there yet, the welcome shows meanwhile.
const customerPortal = preloadableComponent(() => import('./customer-portal'));
const CustomerPortal = customerPortal.Component;

/**
 * The `identify` session (the customer's own portal): identification, then name, credits, tier and
 * prepaid balance with the portal's tabs (rewards, vouchers, activity, e-mail, cards); Done
 * completes the session. A receipt scanned instead of a card is held until the customer is
 * identified, then its credits are collected. Left alone, identification starts over and the portal ends the session
 * (the customer's details never stay up for the next one).
 */
export function IdentifyFlow({ session }: { session: PortalSessionState }) {
  const identification = useIdentificationFlow(session);
  const { state, round, go } = identification;
  // A receipt scanned before the customer is known: theirs once identified, forgotten on a reset.
  const [heldReceipt, setHeldReceipt] = useState<string | null>(null);
  const reset = () => {
    setHeldReceipt(null);
    identification.reset();
  };
  const { finish: finishProps, footer } = useFlowFinish(session);
  const { t } = useTranslation();
  // Loaded while the scan screen waits (idle): once identified, the portal shows at once.
  useEffect(() => whenIdle(() => void customerPortal.preload()), []);
  let screen: ReactNode;
  if (state.step !== 'identified') {
    screen = (
      <IdentificationSteps
        key={round}
        session={session}
        step={state}
        go={go}
        footer={footer}
        receiptHeld={heldReceipt !== null}
        onReceipt={setHeldReceipt}
      />
    );
  } else if (!session.contact) {
    screen = <LoadingScreen />;
  } else {
    const finish = { ...finishProps, footer };
    screen = (
      <Suspense
        fallback={
          <>
            <WelcomeScreen contact={session.contact} {...finish}>
              <Spinner label={t('common.loading')} />
            </WelcomeScreen>
            {/* The customer's name is up: guarded like the portal, should its code be slow to come. */}
            <IdleGuard session={session} rule="customer" screen="portal-loading" onReset={() => undefined} />
          </>
        }
      >
        <CustomerPortal session={session} contact={session.contact} heldReceipt={heldReceipt} {...finish} />
      </Suspense>
    );
  }
  return (
    <>
      {screen}
      {/* Once identified, the portal watches its own screens (customer-portal.tsx). */}
      {state.step === 'identified' ? null : (
        <IdleGuard
          session={session}
          rule={identificationIdleRule(state, session.settings)}
          screen={`${state.step}-${round}`}
          onReset={reset}
        />
      )}
    </>
  );
}
