import type { ReactNode } from 'react';
import type { PortalSessionState } from '../../contract/portal';
import { CancelButton } from '../components/cancel-button';
import { madeChanges } from '../lib/session-outcome';
import { useSessionEnd } from './use-action';

/** A result screen's Done: complete the session, busy while it does, and why it failed (with Try again). */
export interface FinishProps {
  onDone: () => void;
  finishing: boolean;
  error: ReactNode;
}

/**
 * What every session flow shares: `finish`, the props of a result screen's Done (it completes the
 * session, hooks/use-action.tsx useSessionEnd), and `footer`, the "I'm done" of its other screens
 * (components/cancel-button.tsx), which asks once more when `pending` says what is not finished.
 */
export function useFlowFinish(
  session: Pick<PortalSessionState, 'events'>,
  pending: string | null = null,
): { finish: FinishProps; footer: ReactNode } {
  const end = useSessionEnd();
  return {
    finish: {
      onDone: () => end.request('complete'),
      finishing: end.ending === 'complete',
      error: end.error?.kind === 'complete' ? end.error.error : null,
    },
    footer: <CancelButton changed={madeChanges(session.events)} pending={pending} />,
  };
}
