import type { ReactNode } from 'react';
import { CancelButton } from '../components/cancel-button';
import { useSessionEnd } from './use-action';

/** A result screen's Done: complete the session, busy while it does, and why it failed (with Try again). */
export interface FinishProps {
  onDone: () => void;
  finishing: boolean;
  error: ReactNode;
}

/**
 * What every session flow shares: `finish`, the props of a result screen's Done (it completes the
 * session, hooks/use-action.tsx useSessionEnd), and `footer`, the Cancel button of its other screens.
 */
export function useFlowFinish(): { finish: FinishProps; footer: ReactNode } {
  const end = useSessionEnd();
  return {
    finish: {
      onDone: () => end.request('complete'),
      finishing: end.ending === 'complete',
      error: end.error?.kind === 'complete' ? end.error.error : null,
    },
    footer: <CancelButton />,
  };
}
