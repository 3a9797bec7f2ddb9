import { describe, expect, it } from 'vitest';
import { beepSamples } from '../../../src/kiosk/input/scan-sound';

describe('beepSamples (input/scan-sound.ts)', () => {
  const rate = 48_000;
  const samples = beepSamples(rate);
  const peakBetween = (fromS: number, toS: number) =>
    Math.max(...samples.slice(Math.round(fromS * rate), Math.round(toS * rate)).map(Math.abs));

  it('is 130 ms of an 880 Hz tone', () => {
    expect(samples.length).toBe(6240);
    let crossings = 0;
    for (let i = 1; i < 0.12 * rate; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
    expect(crossings / 2 / 0.12).toBeCloseTo(880, -1);
  });

  it('fades in over 10 ms to 0.25 and out by 120 ms: no click at its edges, silent after', () => {
    expect(peakBetween(0, 0.001)).toBeLessThan(0.001);
    expect(peakBetween(0.009, 0.012)).toBeGreaterThan(0.2);
    expect(peakBetween(0, 0.13)).toBeLessThanOrEqual(0.25);
    expect(peakBetween(0.118, 0.12)).toBeLessThan(0.001);
    expect(peakBetween(0.12, 0.13)).toBe(0);
  });
});
