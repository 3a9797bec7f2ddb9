import type { DecodeHintType } from '@zxing/library';
import type { EngineName } from './scan-logic';

/** Reads at most one code from a camera frame; null when the frame holds none. */
export interface Decoder {
  decode(frame: ImageBitmap): Promise<string | null>;
}

/* Formats read: QR (app tokens, gift-card hashes) and the 1D codes printed on loyalty cards. */

interface NativeBarcodeDetector {
  detect(source: ImageBitmap): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

function nativeClass(): NativeBarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
}

/** True when this context has a BarcodeDetector that reads QR codes. */
export async function nativeQrSupported(): Promise<boolean> {
  const Detector = nativeClass();
  if (!Detector) return false;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

async function nativeDecoder(): Promise<Decoder> {
  const Detector = nativeClass();
  if (!Detector) throw new Error('BarcodeDetector is absent');
  const supported = await Detector.getSupportedFormats();
  const formats = ['qr_code', 'code_128', 'code_39', 'ean_13'].filter((f) => supported.includes(f));
  const detector = new Detector({ formats });
  return {
    async decode(frame) {
      const [found] = await detector.detect(frame);
      return found?.rawValue ?? null;
    },
  };
}

/** The frame's pixels; one canvas reused for every frame. */
function pixelReader(): (frame: ImageBitmap) => ImageData {
  let canvas: OffscreenCanvas | undefined;
  let context: OffscreenCanvasRenderingContext2D | null = null;
  return (frame) => {
    if (!canvas || canvas.width !== frame.width || canvas.height !== frame.height) {
      canvas = new OffscreenCanvas(frame.width, frame.height);
      context = canvas.getContext('2d', { willReadFrequently: true });
    }
    if (!context) throw new Error('no 2D canvas in this worker');
    context.drawImage(frame, 0, 0);
    return context.getImageData(0, 0, frame.width, frame.height);
  };
}

async function zxingJsDecoder(): Promise<Decoder> {
  const zx = await import('@zxing/library');
  const reader = new zx.MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [
      zx.DecodeHintType.POSSIBLE_FORMATS,
      [
        zx.BarcodeFormat.QR_CODE,
        zx.BarcodeFormat.CODE_128,
        zx.BarcodeFormat.CODE_39,
        zx.BarcodeFormat.EAN_13,
      ],
    ],
  ]);
  reader.setHints(hints);
  const pixels = pixelReader();
  return {
    async decode(frame) {
      const { data, width, height } = pixels(frame);
      const luminance = new Uint8ClampedArray(width * height);
      for (let i = 0, p = 0; i < luminance.length; i++, p += 4) {
        luminance[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
      }
      const bitmap = new zx.BinaryBitmap(
        new zx.HybridBinarizer(new zx.RGBLuminanceSource(luminance, width, height)),
      );
      try {
        return reader.decodeWithState(bitmap).getText();
      } catch (error) {
        // ZXing-JS throws NotFoundException (and checksum/format errors) for frames without a code.
        if (error instanceof zx.Exception) return null;
        throw error;
      }
    },
  };
}

async function zxingWasmDecoder(): Promise<Decoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    // Served from our own origin: the library would otherwise fetch it from a CDN.
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const pixels = pixelReader();
  return {
    async decode(frame) {
      const [found] = await readBarcodes(pixels(frame), {
        formats: ['QRCode', 'Code128', 'Code39', 'EAN13'],
        maxNumberOfSymbols: 1,
      });
      return found?.isValid ? found.text : null;
    },
  };
}

/**
 * Loads one engine (its library is fetched only now, in the worker).
 * @throws when the engine cannot run here (no BarcodeDetector, WebAssembly blocked, fetch failed).
 */
export function loadDecoder(engine: EngineName): Promise<Decoder> {
  if (engine === 'native') return nativeDecoder();
  if (engine === 'zxing-js') return zxingJsDecoder();
  return zxingWasmDecoder();
}
