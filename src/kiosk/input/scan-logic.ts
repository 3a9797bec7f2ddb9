/*
 * The pure parts of camera scanning: which decoder to try in which order, repeat suppression, and
 * how a getUserMedia failure reads for the customer. Unit-tested in test/kiosk/input.
 */
import type { PortalSettings } from '../../contract/portal';

/** A decoder the worker can run: the browser's own, ZXing in JavaScript, ZXing-C++ in WebAssembly. */
export type EngineName = 'native' | 'zxing-js' | 'zxing-wasm';

/** The session setting `camera_service` (extensions.md "Portal sessions"). */
export type CameraService = PortalSettings['camera_service'];

/**
 * The faster of ZXing-JS and ZXing-C++/WebAssembly where no native detector exists. bench:kiosk on
 * 2 cores, 640×480 fake camera: QR in view → identified screen, median 96–103 ms with zxing-wasm
 * against 112–129 ms with zxing-js; a frame with a code decodes in 5–6 ms against ~9 ms.
 */
export const FASTEST_PORTABLE_ENGINE: EngineName = 'zxing-wasm';

/**
 * The decoders to try, first to last: a decoder that fails to load falls back to the next.
 * 1 = ZXing-JS, 2 = ZXing-C++ WebAssembly, 3 = native BarcodeDetector when it reads QR codes, else
 * the fastest portable engine.
 */
export function engineOrder(service: CameraService, nativeQr: boolean): EngineName[] {
  const portable: EngineName[] =
    service === 1 ? ['zxing-js', 'zxing-wasm'] : service === 2 ? ['zxing-wasm', 'zxing-js'] : [];
  if (service !== 3) return portable;
  const fastest = FASTEST_PORTABLE_ENGINE;
  const other: EngineName = fastest === 'zxing-wasm' ? 'zxing-js' : 'zxing-wasm';
  return nativeQr ? ['native', fastest, other] : [fastest, other];
}

/**
 * Drops a value read again within `windowMs` of its last acceptance (a code held in front of the
 * camera is read on every frame). Times in milliseconds.
 */
export function createScanDebouncer(windowMs = 2000): (value: string, now: number) => boolean {
  let lastValue: string | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (value, now) => {
    if (value === lastValue && now - lastAt < windowMs) return false;
    lastValue = value;
    lastAt = now;
    return true;
  };
}

/** Why the camera cannot be used, as the kiosk explains it. */
export type CameraUnavailableReason = 'denied' | 'absent' | 'error';

/**
 * Maps a getUserMedia rejection to a reason: permission refused → 'denied'; no (matching) camera →
 * 'absent'; anything else (camera busy, hardware failure) → 'error'.
 */
export function cameraErrorReason(error: unknown): CameraUnavailableReason {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'NotAllowedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'error';
}

/** The session setting `facing_mode` (spec "Portal session creation settings"). */
export type FacingMode = PortalSettings['facing_mode'];

/** A camera as the browser lists it (MediaDeviceInfo's deviceId and label). */
export interface CameraDevice {
  deviceId: string;
  label: string;
}

/** Words in a camera's label that say which way it faces (Android, iOS, Windows tablets). */
const FACING_WORDS: Record<FacingMode, RegExp> = {
  environment: /\b(back|rear|environment|world)\b/i,
  user: /\b(front|user|selfie|facetime)\b/i,
};

/**
 * The camera to open for `facingMode`: the first whose label says it faces that way ("camera2 0,
 * facing back", "Back Camera", "Microsoft Camera Rear"). Undefined when no label says so — labels
 * are empty before the camera permission, desktop webcams name neither side — and the scanner then
 * asks for the plain facingMode constraint, leaving the choice to the browser.
 */
export function chooseCamera(devices: readonly CameraDevice[], facingMode: FacingMode): string | undefined {
  const words = FACING_WORDS[facingMode];
  return devices.find((device) => words.test(device.label))?.deviceId;
}
