import { useHandScanner } from '../input/hand-scanner';
import { playScanSound } from '../input/scan-sound';

/**
 * The handler of a scan step: a code read by the camera or the hand scanner (always listened to:
 * a hand scanner may be attached to any screen) goes to `submit` and beeps, unless a check is
 * already under way (`busy`).
 */
export function useScanner(submit: (value: string) => void, busy: boolean): (value: string) => void {
  const onScan = (value: string) => {
    if (busy) return;
    submit(value);
    // In the next task, once the check's request is out: the first beep also starts the audio
    // device, which takes a while on a slow tablet.
    setTimeout(playScanSound, 0);
  };
  useHandScanner(onScan, { enabled: !busy });
  return onScan;
}
