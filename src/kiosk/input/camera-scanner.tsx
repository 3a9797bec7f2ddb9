import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { openCamera, releaseCamera, setTorch, torchTrack } from './camera-stream';
import type { DecoderRequest, DecoderResponse } from './decoder.worker';
import {
  type CameraService,
  type CameraUnavailableReason,
  cameraErrorReason,
  createScanDebouncer,
  type FacingMode,
} from './scan-logic';

/** Props of the camera scanner. */
export interface CameraScannerProps {
  /** The camera to open (camera-stream.ts openCamera); 'user' is shown mirrored. */
  facingMode: FacingMode;
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
 * scanner keys. A camera with a torch gets a light button. On unmount or a camera switch the camera
 * is released (all tracks stopped) and the worker terminated.
 */
export function CameraScanner({ facingMode, engine, onScan, onUnavailable }: CameraScannerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<VideoWithFrameCallback>(null);
  const [torch, setTorchTrack] = useState<MediaStreamTrack>();
  const [torchOn, setTorchOn] = useState(false);
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
        stream = await openCamera(facingMode);
      } catch (error) {
        fail(cameraErrorReason(error));
        return;
      }
      if (stopped) {
        releaseCamera(video, stream);
        return;
      }
      video.srcObject = stream;
      setTorchTrack(torchTrack(stream));
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
      releaseCamera(video, stream);
      setTorchTrack(undefined);
      setTorchOn(false);
    };
  }, [facingMode, engine]);

  const toggleTorch = () => {
    if (!torch) return;
    const on = !torchOn;
    // A camera that refuses the light loses the button; scanning goes on without it.
    setTorch(torch, on).then(
      () => setTorchOn(on),
      () => setTorchTrack(undefined),
    );
  };

  return (
    <>
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
      {torch ? (
        <Button variant="secondary" className="camera-torch" aria-pressed={torchOn} onClick={toggleTorch}>
          {t('scan.torch')}
        </Button>
      ) : null}
    </>
  );
}

export default CameraScanner;
