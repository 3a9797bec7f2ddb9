import { useEffect, useRef } from 'react';
import type { DecoderRequest, DecoderResponse } from './decoder.worker';
import {
  type CameraService,
  type CameraUnavailableReason,
  cameraErrorReason,
  createScanDebouncer,
} from './scan-logic';

/** Props of the camera scanner. */
export interface CameraScannerProps {
  /** MediaTrackConstraints facingMode, asked as a plain (non-exact) value; 'user' is shown mirrored. */
  facingMode: 'user' | 'environment';
  /** The session's camera_service: 1 ZXing-JS, 2 ZXing-C++ WebAssembly, 3 native or the fastest. */
  engine: CameraService;
  /** A code read; the same value again within 2 s is not reported. */
  onScan(value: string): void;
  /** The camera cannot be used: permission refused, no camera, or another failure (incl. no decoder). */
  onUnavailable(reason: CameraUnavailableReason): void;
}

/** Frames offered to the decoder at most every this many ms (~12 fps): room left for the UI. */
const FRAME_INTERVAL_MS = 80;

type VideoWithFrameCallback = HTMLVideoElement & {
  requestVideoFrameCallback?(callback: () => void): number;
  cancelVideoFrameCallback?(handle: number): void;
};

/**
 * Live camera preview that reads QR and card barcodes. Frames are copied to ImageBitmaps and
 * decoded in a Web Worker (decoder.worker.ts) so the main thread stays free for touch and hand
 * scanner keys. On unmount the camera is released (all tracks stopped) and the worker terminated.
 */
export function CameraScanner({ facingMode, engine, onScan, onUnavailable }: CameraScannerProps) {
  const videoRef = useRef<VideoWithFrameCallback>(null);
  const onScanRef = useRef(onScan);
  const onUnavailableRef = useRef(onUnavailable);
  onScanRef.current = onScan;
  onUnavailableRef.current = onUnavailable;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let worker: Worker | undefined;
    let frameHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let busy = false;
    let lastSent = 0;
    const accept = createScanDebouncer();

    const fail = (reason: CameraUnavailableReason) => {
      if (!stopped) onUnavailableRef.current(reason);
    };
    const send = (message: DecoderRequest, transfer: Transferable[] = []) =>
      worker?.postMessage(message, transfer);

    const grab = async () => {
      if (stopped || busy || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      busy = true;
      lastSent = performance.now();
      try {
        const frame = await createImageBitmap(video);
        if (stopped) frame.close();
        else send({ type: 'frame', frame }, [frame]);
      } catch {
        busy = false;
      }
    };
    // Each new video frame (or a timer where requestVideoFrameCallback is missing), throttled.
    const schedule = () => {
      if (stopped) return;
      const next = () => {
        if (performance.now() - lastSent >= FRAME_INTERVAL_MS) void grab();
        schedule();
      };
      if (video.requestVideoFrameCallback) frameHandle = video.requestVideoFrameCallback(next);
      else timer = setTimeout(next, FRAME_INTERVAL_MS);
    };

    const onMessage = (event: MessageEvent<DecoderResponse>) => {
      const message = event.data;
      if (message.type === 'ready') {
        // Which decoder runs (after any fallback), for diagnosis and bench:kiosk.
        video.dataset.decoder = message.engine;
        schedule();
      } else if (message.type === 'unavailable') fail('error');
      else {
        busy = false;
        if (message.value && accept(message.value, performance.now())) onScanRef.current(message.value);
      }
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        // No camera API: an insecure (http, not localhost) page, or a browser without cameras.
        fail('absent');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode }, audio: false });
      } catch (error) {
        fail(cameraErrorReason(error));
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.srcObject = stream;
      video.play().catch(() => undefined);
      try {
        worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module' });
      } catch {
        fail('error');
        return;
      }
      worker.onmessage = onMessage;
      worker.onerror = () => fail('error');
      send({ type: 'init', service: engine });
    })();

    return () => {
      stopped = true;
      if (frameHandle !== undefined) video.cancelVideoFrameCallback?.(frameHandle);
      clearTimeout(timer);
      worker?.terminate();
      for (const track of stream?.getTracks() ?? []) track.stop();
      video.srcObject = null;
    };
  }, [facingMode, engine]);

  return (
    <video
      ref={videoRef}
      className="camera-scanner"
      data-engine={engine}
      autoPlay
      muted
      playsInline
      style={{
        display: 'block',
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        transform: facingMode === 'user' ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

export default CameraScanner;
