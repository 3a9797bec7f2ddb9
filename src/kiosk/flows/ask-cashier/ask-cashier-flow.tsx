import type { PortalSessionState } from '../../../contract/portal';
import { CancelButton } from '../../components/cancel-button';
import { IdleGuard } from '../../components/idle-guard';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { AskCashierScreen } from '../../screens/ask-cashier-screen';

/** Session types whose flow starts with a contact (gift-card ones do not). */
const CONTACT_TYPES = new Set<PortalSessionState['type']>(['pay_prepaid', 'top_up_prepaid', 'vouchers']);

/**
 * The session types this screen does not run yet (gift cards, prepaid, vouchers): the contact
 * identifies where the type needs one, then the screen honestly asks for the cashier.
 */
export function AskCashierFlow({ session }: { session: PortalSessionState }) {
  const { state, go, reset } = useIdentificationFlow(session);
  const footer = <CancelButton sessionUuid={session.uuid} />;
  const identifying = CONTACT_TYPES.has(session.type) && state.step !== 'identified';
  return identifying ? (
    <>
      <IdentificationSteps session={session} step={state} go={go} footer={footer} />
      <IdleGuard seconds={session.kiosk.idle_seconds} onReset={reset} />
    </>
  ) : (
    <AskCashierScreen footer={footer} />
  );
}
