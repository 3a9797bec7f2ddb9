let context: AudioContext | undefined;
let beep: AudioBuffer | undefined;

/** The beep: a sine at 880 Hz, 130 ms, faded in over 10 ms and out by 120 ms (no click at its edges). */
const BEEP = { hz: 880, seconds: 0.13, fadeInS: 0.01, fadeOutEndS: 0.12, peak: 0.25, floor: 0.0001 };

/**
 * The beep's samples at `sampleRate`: the tone times an exponential fade in and out (as WebAudio's
 * exponentialRampToValueAtTime draws them), silent after the fade-out. Pure: unit-tested.
 */
export function beepSamples(sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(sampleRate * BEEP.seconds));
  const { hz, fadeInS, fadeOutEndS, peak, floor } = BEEP;
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const gain =
      t < fadeInS
        ? floor * (peak / floor) ** (t / fadeInS)
        : t < fadeOutEndS
          ? peak * (floor / peak) ** ((t - fadeInS) / (fadeOutEndS - fadeInS))
          : 0;
    samples[i] = gain * Math.sin(2 * Math.PI * hz * t);
  }
  return samples;
}

/**
 * The audio context and the beep's buffer, made on first use (the context costs tens of ms on a
 * slow tablet). A buffer played as it is costs a fraction of a millisecond; an oscillator with gain
 * ramps cost ~10 ms at its first beep (its wave table), while the scanned code's answer waits.
 */
function audio(): { context: AudioContext; beep: AudioBuffer } | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  context ??= new AudioContext();
  if (!beep) {
    beep = context.createBuffer(1, Math.round(context.sampleRate * BEEP.seconds), context.sampleRate);
    beep.getChannelData(0).set(beepSamples(context.sampleRate));
  }
  return { context, beep };
}

/**
 * Makes the audio context and the beep at the page's first key or touch (a user gesture: the
 * context may start), so the first scan's beep does not make them while the scanned code is
 * checked. Never throws.
 */
export function prepareScanSound(target: Window = window): void {
  const prepare = () => {
    try {
      audio();
    } catch {
      // Sound is a courtesy.
    }
  };
  for (const type of ['keydown', 'pointerdown'] as const)
    target.addEventListener(type, prepare, { capture: true, once: true, passive: true });
}

/**
 * A short confirmation beep (130 ms, 880 Hz) through WebAudio: no audio file to load. Never
 * throws: a browser without audio, or one that blocks it before a first touch, stays silent.
 */
export function playScanSound(): void {
  try {
    const sound = audio();
    if (!sound) return;
    if (sound.context.state === 'suspended') sound.context.resume().catch(() => undefined);
    const source = sound.context.createBufferSource();
    source.buffer = sound.beep;
    source.connect(sound.context.destination);
    source.onended = () => source.disconnect();
    source.start();
  } catch {
    // Sound is a courtesy: never let it break a scan.
  }
}
