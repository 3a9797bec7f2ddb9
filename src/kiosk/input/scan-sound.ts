let context: AudioContext | undefined;

/** The audio context, made on first use (the first one costs tens of ms on a slow tablet). */
function audioContext(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  context ??= new AudioContext();
  return context;
}

/**
 * Makes the audio context at the page's first key or touch (a user gesture: it may start), so the
 * first scan's beep does not make it while the scanned code is checked. Never throws.
 */
export function prepareScanSound(target: Window = window): void {
  const prepare = () => {
    try {
      audioContext();
    } catch {
      // Sound is a courtesy.
    }
  };
  for (const type of ['keydown', 'pointerdown'] as const)
    target.addEventListener(type, prepare, { capture: true, once: true, passive: true });
}

/**
 * A short confirmation beep (~120 ms, 880 Hz) through WebAudio: no audio file to load. Never
 * throws: a browser without audio, or one that blocks it before a first touch, stays silent.
 */
export function playScanSound(): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    if (audio.state === 'suspended') audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    // A quick fade in and out avoids the click of a square-edged tone.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.12);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.13);
    oscillator.onended = () => {
      oscillator.disconnect();
      gain.disconnect();
    };
  } catch {
    // Sound is a courtesy: never let it break a scan.
  }
}
