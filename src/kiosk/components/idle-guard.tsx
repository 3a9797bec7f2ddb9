import { useIdleReset } from '../hooks/use-idle-reset';
import { IdleCountdown } from './idle-countdown';

/** Watches for an idle screen (hooks/use-idle-reset.ts) and shows the countdown before `onReset`. */
export function IdleGuard({
  seconds,
  onReset,
  enabled = true,
}: {
  seconds: number;
  onReset: () => void;
  enabled?: boolean;
}) {
  const { secondsLeft, stay } = useIdleReset(seconds, onReset, enabled);
  return secondsLeft === null ? null : <IdleCountdown secondsLeft={secondsLeft} onStay={stay} />;
}
