let context: AudioContext | undefined;

/**
 * A short confirmation beep (~120 ms, 880 Hz) through WebAudio: no audio file to load. Never
 * throws: a browser without audio, or one that blocks it before a first touch, stays silent.
 */
export function playScanSound(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    const audio = context;
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
