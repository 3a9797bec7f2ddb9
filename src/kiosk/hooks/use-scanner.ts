import { useHandScanner } from '../input/hand-scanner';
import { playScanSound } from '../input/scan-sound';

/**
 * The handler of a scan step: a code read by the camera or the hand scanner (always listened to:
 * a hand scanner may be attached to any screen) beeps and goes to `submit`, unless a check is
 * already under way (`busy`).
 */
export function useScanner(submit: (value: string) => void, busy: boolean): (value: string) => void {
  const onScan = (value: string) => {
    if (busy) return;
    playScanSound();
    submit(value);
  };
  useHandScanner(onScan, { enabled: !busy });
  return onScan;
}
