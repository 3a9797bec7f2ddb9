import { describe, expect, it } from 'vitest';
import {
  cameraErrorReason,
  chooseCamera,
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

describe('chooseCamera', () => {
  const camera = (deviceId: string, label: string) => ({ deviceId, label });

  it('picks the camera whose label says it faces the asked way (Android, iOS, Windows labels)', () => {
    const android = [camera('a0', 'camera2 0, facing back'), camera('a1', 'camera2 1, facing front')];
    expect(chooseCamera(android, 'environment')).toBe('a0');
    expect(chooseCamera(android, 'user')).toBe('a1');
    const ios = [
      camera('i0', 'Front Camera'),
      camera('i1', 'Back Camera'),
      camera('i2', 'Back Dual Wide Camera'),
    ];
    expect(chooseCamera(ios, 'environment')).toBe('i1');
    expect(chooseCamera(ios, 'user')).toBe('i0');
    const windows = [camera('w0', 'Microsoft Camera Front'), camera('w1', 'Microsoft Camera Rear')];
    expect(chooseCamera(windows, 'environment')).toBe('w1');
    expect(chooseCamera([camera('m0', 'FaceTime HD Camera')], 'user')).toBe('m0');
  });

  it('leaves the choice to the browser when no label names a side', () => {
    // Before the camera permission labels are empty (@zxing/browser names them "Video device n").
    expect(
      chooseCamera([camera('x', 'Video device 1'), camera('y', 'Video device 2')], 'user'),
    ).toBeUndefined();
    expect(chooseCamera([camera('u', 'Logitech HD Webcam C270')], 'environment')).toBeUndefined();
    expect(chooseCamera([camera('f', 'fake_device_0')], 'user')).toBeUndefined();
    expect(chooseCamera([], 'environment')).toBeUndefined();
    // A front camera is not taken for the back one.
    expect(chooseCamera([camera('a1', 'camera2 1, facing front')], 'environment')).toBeUndefined();
  });
});
