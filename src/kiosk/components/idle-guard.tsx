import type { PortalSessionState } from '../../contract/portal';
import { useSessionBusy, useSessionEnd } from '../hooks/use-action';
import { useIdleReset } from '../hooks/use-idle-reset';
import { type IdleRule, idlePlan } from '../lib/idle-rule';
import { madeChanges } from '../lib/session-outcome';
import { IdleCountdown } from './idle-countdown';

/**
 * The idle timer of the screen on show (lib/idle-rule.ts): `rule` says what this screen does when
 * left alone, `screen` names it (the wait starts again when it changes), `onReset` starts the flow
 * over. A session to end is completed or cancelled through useSessionEnd. No timer while an action
 * runs or the session is ending. Shows the countdown before the time is up.
 */
export function IdleGuard({
  session,
  rule,
  screen,
  onReset,
}: {
  session: Pick<PortalSessionState, 'kiosk' | 'events'>;
  rule: IdleRule;
  screen: string;
  onReset: () => void;
}) {
  const end = useSessionEnd();
  const busy = useSessionBusy();
  const plan = idlePlan(busy ? 'busy' : rule, session.kiosk, end.changed || madeChanges(session.events));
  const { secondsLeft, stay } = useIdleReset(plan, screen, (outcome) =>
    outcome === 'reset' ? onReset() : end.request(outcome),
  );
  return secondsLeft === null ? null : (
    <IdleCountdown secondsLeft={secondsLeft} closing={plan?.outcome !== 'reset'} onStay={stay} />
  );
}
