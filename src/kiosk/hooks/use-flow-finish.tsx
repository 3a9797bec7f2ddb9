import type { ReactNode } from 'react';
import { ActionError } from '../components/action-error';
import { CancelButton } from '../components/cancel-button';
import { useFinishAction } from './use-finish-action';

/** A result screen's Done: complete the session, busy while it does, and why it failed (with Retry). */
export interface FinishProps {
  onDone: () => void;
  finishing: boolean;
  error: ReactNode;
}

/**
 * What every session flow shares: `done` completes the session (see useFinishAction), `finish` is
 * the same as props for a result screen, and `footer` is the Cancel button for its other screens.
 */
export function useFlowFinish(sessionUuid: string): {
  done: ReturnType<typeof useFinishAction>;
  finish: FinishProps;
  footer: ReactNode;
} {
  const done = useFinishAction(sessionUuid, 'complete');
  return {
    done,
    finish: {
      onDone: done.run,
      finishing: done.pending,
      error: done.error ? <ActionError error={done.error} action="finish" onRetry={done.retry} /> : null,
    },
    footer: <CancelButton sessionUuid={sessionUuid} />,
  };
}
