/**
 * How a code is being captured on a scan step: by scanning (camera or hand scanner), by scanning
 * after the camera said no (hand scanner only), or typed on the on-screen keyboard.
 */
export type CaptureMode = 'scan' | 'scan_no_camera' | 'type';

/** A scan step starts by scanning. */
export const CAPTURE_START: CaptureMode = 'scan';
