/*
 * Page scripts of bench:kiosk, injected before the page's own (addInitScript). They only observe:
 * when the first screen is put in the page and when it is painted, when the QR code enters the
 * camera picture, when the identified screen shows, when a hand scanner's Enter arrives, and how late key events reach their handler.
 */

/** What the probes saw; times are performance.now() (ms since navigation start). */
export interface ProbeLog {
  /** The first usable screen put in the page (before it is styled, laid out and painted). */
  readyAt: number | null;
  /**
   * The main thread next free after the first frame with that screen: a message posted from the
   * frame's animation callback arrives once its style, layout and paint have run, and the tasks
   * queued before it.
   */
  paintedAt: number | null;
  /** First video frame showing the code after at least one blank frame. */
  codeAt: number | null;
  blankSeen: boolean;
  identifiedAt: number | null;
  /** The last Enter key the page received (a hand scanner's end of code). */
  enterAt: number | null;
  /** The decoder the camera scanner runs (its video's data-decoder). */
  decoder: string | null;
  keyDelays: number[];
}

declare global {
  interface Window {
    probe: ProbeLog;
  }
}

/**
 * Written to the console (console.debug) once paintedAt is set: the bench waits for it rather than
 * polling the page, whose evaluation would run on the main thread while the page starts.
 */
export const PAINTED_MESSAGE = 'bench:kiosk first screen painted';

/**
 * Installs the probes. `readySelector`: the first usable screen; `identifiedSelector`: the screen
 * that says the customer is identified; `paintedMessage`: PAINTED_MESSAGE. Runs in the page: no
 * closure over outer variables.
 */
export function installProbes({
  readySelector,
  identifiedSelector,
  paintedMessage,
}: {
  readySelector: string;
  identifiedSelector: string;
  paintedMessage: string;
}): void {
  const log: ProbeLog = {
    readyAt: null,
    paintedAt: null,
    codeAt: null,
    blankSeen: false,
    identifiedAt: null,
    enterAt: null,
    decoder: null,
    keyDelays: [],
  };
  window.probe = log;
  const watched = new WeakSet<HTMLVideoElement>();
  const canvas = document.createElement('canvas');
  canvas.width = 32;
  canvas.height = 24;
  const context = canvas.getContext('2d', { willReadFrequently: true });

  // Mean brightness of a 32×24 copy of each new frame: white ≈ 255, the code's frame far darker.
  const watchVideo = (video: HTMLVideoElement) => {
    if (watched.has(video) || !context) return;
    watched.add(video);
    const onFrame = (now: number) => {
      context.drawImage(video, 0, 0, 32, 24);
      const { data } = context.getImageData(0, 0, 32, 24);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += data[i]!;
      const mean = sum / (data.length / 4);
      if (mean > 240) log.blankSeen = true;
      else if (log.blankSeen && log.codeAt === null && mean < 225) log.codeAt = now;
      if (log.codeAt === null) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };

  const check = () => {
    if (log.readyAt === null && document.querySelector(readySelector)) {
      log.readyAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          log.paintedAt = performance.now();
          console.debug(paintedMessage);
        };
        channel.port2.postMessage(null);
      });
    }
    if (log.identifiedAt === null && document.querySelector(identifiedSelector)) {
      // Inserted now; shown at the next frame.
      requestAnimationFrame(() => {
        log.identifiedAt ??= performance.now();
      });
    }
    for (const video of document.querySelectorAll('video')) {
      watchVideo(video);
      log.decoder = video.dataset.decoder ?? log.decoder;
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-decoder'],
  });
  window.addEventListener(
    'keydown',
    (event) => {
      log.keyDelays.push(performance.now() - event.timeStamp);
      if (event.key === 'Enter') log.enterAt = performance.now();
    },
    { capture: true },
  );
}
