/*
 * The camera decoder, off the main thread: decoding on the main thread delays key events by over
 * 150 ms, enough to split a hand-scanner code. Protocol (messages in both directions):
 *   → {type: 'init', service}            ← {type: 'ready', engine} | {type: 'unavailable', error}
 *   → {type: 'frame', frame: ImageBitmap} ← {type: 'result', value: string | null, ms}
 * A frame is answered before the next is sent; each ImageBitmap is transferred and closed here.
 */
import { type Decoder, loadDecoder, nativeQrSupported } from './decoders';
import { type CameraService, type EngineName, engineOrder } from './scan-logic';

/** Messages to the worker. */
export type DecoderRequest = { type: 'init'; service: CameraService } | { type: 'frame'; frame: ImageBitmap };

/** Messages from the worker. */
export type DecoderResponse =
  | { type: 'ready'; engine: EngineName }
  | { type: 'unavailable'; error: string }
  | { type: 'result'; value: string | null; ms: number };

let decoder: Decoder | undefined;

function reply(message: DecoderResponse): void {
  self.postMessage(message);
}

async function init(service: CameraService): Promise<void> {
  const errors: string[] = [];
  for (const engine of engineOrder(service, await nativeQrSupported())) {
    try {
      decoder = await loadDecoder(engine);
      reply({ type: 'ready', engine });
      return;
    } catch (error) {
      errors.push(`${engine}: ${(error as Error).message}`);
    }
  }
  reply({ type: 'unavailable', error: errors.join('; ') });
}

async function decode(frame: ImageBitmap): Promise<void> {
  const started = performance.now();
  let value: string | null = null;
  try {
    value = decoder ? await decoder.decode(frame) : null;
  } catch {
    // A frame the engine chokes on is a frame without a code; the next one gets its chance.
  } finally {
    frame.close();
  }
  reply({ type: 'result', value, ms: performance.now() - started });
}

self.onmessage = (event: MessageEvent<DecoderRequest>) => {
  const message = event.data;
  if (message.type === 'init') void init(message.service);
  else void decode(message.frame);
};
