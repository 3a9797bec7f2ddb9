import type { DecoderRequest, DecoderResponse } from '../../src/kiosk/input/decoder.worker';
import type { CameraService } from '../../src/kiosk/input/scan-logic';

/** Per-engine timing of the kiosk's decoder worker on one image, without a camera. */
export interface DecodeTiming {
  engine: string;
  loadMs: number;
  decodeMs: number[];
  value: string | null;
}

declare global {
  interface Window {
    timeDecoder(service: CameraService, imageUrl: string, rounds: number): Promise<DecodeTiming>;
  }
}

window.timeDecoder = async (service, imageUrl, rounds) => {
  const image = await createImageBitmap(await (await fetch(imageUrl)).blob());
  const worker = new Worker(new URL('../../src/kiosk/input/decoder.worker.ts', import.meta.url), {
    type: 'module',
  });
  const next = () =>
    new Promise<DecoderResponse>((resolve) => {
      worker.onmessage = (event: MessageEvent<DecoderResponse>) => resolve(event.data);
    });
  const post = (message: DecoderRequest, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  try {
    const started = performance.now();
    const ready = next();
    post({ type: 'init', service });
    const answer = await ready;
    if (answer.type !== 'ready') throw new Error(answer.type === 'unavailable' ? answer.error : 'no answer');
    const timing: DecodeTiming = {
      engine: answer.engine,
      loadMs: performance.now() - started,
      decodeMs: [],
      value: null,
    };
    for (let i = 0; i < rounds; i++) {
      const frame = await createImageBitmap(image);
      const result = next();
      post({ type: 'frame', frame }, [frame]);
      const reply = await result;
      if (reply.type === 'result') {
        timing.decodeMs.push(reply.ms);
        timing.value = reply.value;
      }
    }
    return timing;
  } finally {
    worker.terminate();
  }
};
