/*
 * The camera itself, on the main thread, through @zxing/browser's helpers: listing the cameras,
 * the torch, and letting go of the preview. Decoding does not happen here (decoder.worker.ts).
 * Only BrowserCodeReader's static helpers are used; vite.config.ts marks the ZXing packages free of
 * side effects so that the camera chunk does not carry the whole of @zxing/library.
 */
import { BrowserCodeReader } from '@zxing/browser';
import { chooseCamera, type FacingMode } from './scan-logic';

/**
 * Opens the camera facing `facingMode`: the listed camera whose label says so (chooseCamera), else
 * whatever the browser picks for the plain facingMode constraint.
 * @throws the getUserMedia rejection (NotAllowedError, NotFoundError, …; cameraErrorReason reads it).
 */
export async function openCamera(facingMode: FacingMode): Promise<MediaStream> {
  const devices = await BrowserCodeReader.listVideoInputDevices().catch(() => []);
  const deviceId = chooseCamera(devices, facingMode);
  const video: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode };
  return navigator.mediaDevices.getUserMedia({ video, audio: false });
}

/** The stream's video track when it can light a torch (its capabilities name one), else undefined. */
export function torchTrack(stream: MediaStream): MediaStreamTrack | undefined {
  const [track] = stream.getVideoTracks();
  // Checked first: the library logs an error where getCapabilities is missing (older Firefox).
  if (!track || typeof track.getCapabilities !== 'function') return undefined;
  return BrowserCodeReader.mediaStreamIsTorchCompatibleTrack(track) ? track : undefined;
}

/** Switches the torch on or off. @throws when the camera refuses the constraint. */
export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return BrowserCodeReader.mediaStreamSetTorch(track, on);
}

/** Stops every track of the stream (the camera's light goes off) and detaches it from the preview. */
export function releaseCamera(video: HTMLVideoElement, stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
  BrowserCodeReader.cleanVideoSource(video);
}
