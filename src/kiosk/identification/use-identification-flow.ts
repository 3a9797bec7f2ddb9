import type { PortalSessionState } from '../../contract/portal';
import { useFlowStore } from '../hooks/use-flow-store';
import { resetLanguage } from '../i18n/i18n';
import { afterIdentified, firstStep, type IdentificationStep } from '../lib/identification';

/**
 * The identification state of one flow instance: it starts at `identified` when the session
 * already has its contact (the page was reloaded mid-session, or the POS set them; their terms
 * first, when they still have them to accept), else at the session's first screen.
 * Its reset (idle, Back to start) goes to the first screen again, in the browser's language again.
 */
export function useIdentificationFlow(session: PortalSessionState) {
  const { settings } = session;
  const flow = useFlowStore<IdentificationStep>(
    () => (session.contact !== null ? afterIdentified(session.contact) : firstStep(settings)),
    () => firstStep(settings),
  );
  const reset = () => {
    flow.reset();
    resetLanguage();
  };
  return { ...flow, reset };
}
