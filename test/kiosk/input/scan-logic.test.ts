import { describe, expect, it } from 'vitest';
import {
  cameraErrorReason,
  createScanDebouncer,
  engineOrder,
  FASTEST_PORTABLE_ENGINE,
} from '../../../src/kiosk/input/scan-logic';

describe('engineOrder', () => {
  it('tries the asked engine first and the other portable one as fallback', () => {
    expect(engineOrder(1, true)).toEqual(['zxing-js', 'zxing-wasm']);
    expect(engineOrder(2, true)).toEqual(['zxing-wasm', 'zxing-js']);
  });

  it('3 prefers the native detector, else the fastest portable engine', () => {
    expect(engineOrder(3, true)[0]).toBe('native');
    expect(engineOrder(3, true)).toHaveLength(3);
    expect(engineOrder(3, false)[0]).toBe(FASTEST_PORTABLE_ENGINE);
    expect(engineOrder(3, false)).toHaveLength(2);
  });
});

describe('createScanDebouncer', () => {
  it('drops the same value within 2 s, accepts it after', () => {
    const accept = createScanDebouncer();
    expect(accept('CARD-0001', 0)).toBe(true);
    expect(accept('CARD-0001', 1999)).toBe(false);
    expect(accept('CARD-0001', 2000)).toBe(true);
  });

  it('accepts another value at once, and the first again after it', () => {
    const accept = createScanDebouncer();
    expect(accept('CARD-0001', 0)).toBe(true);
    expect(accept('CARD-0002', 100)).toBe(true);
    expect(accept('CARD-0001', 200)).toBe(true);
  });
});

describe('cameraErrorReason', () => {
  it('maps getUserMedia errors by name', () => {
    expect(cameraErrorReason(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraErrorReason(new DOMException('none', 'NotFoundError'))).toBe('absent');
    expect(cameraErrorReason({ name: 'OverconstrainedError', constraint: 'facingMode' })).toBe('absent');
    expect(cameraErrorReason(new DOMException('busy', 'NotReadableError'))).toBe('error');
    expect(cameraErrorReason(new Error('boom'))).toBe('error');
    expect(cameraErrorReason('weird')).toBe('error');
  });
});
