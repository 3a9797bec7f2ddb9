/*
 * bench:kiosk — the kiosk in Debian's Chromium against the real built service (2 cores):
 * - initial JS (gzip) the kiosk URL loads before its first screen, and the camera code loaded after;
 * - navigation → first usable screen, beside a blank Vite React page built in the same run;
 * - scan → identified per camera engine (1 ZXing-JS, 2 ZXing-C++/WASM, 3 native or fastest): from
 *   the first camera frame showing the QR code to the identified screen;
 * - key-event delay (event created → handler runs) while the camera decodes a busy picture;
 * - per-frame decode time of each engine in the decoder worker (the figure behind engine 3's pick).
 * Writes bench/results/kiosk.json and prints a table. BENCH_SKIP_BUILD=1 reuses dist/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { blankLuma, noiseLuma, qrLuma, writeY4m } from '../e2e/fixtures/fake-camera';
import { createSession, kioskUrl } from '../e2e/support/api';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium';
import { run, snapshotBuild, startService } from '../scripts/service-process.mjs';
import type { DecodeTiming } from './blank/decode';
import { installProbes, type ProbeLog } from './kiosk-probes';
import { serveStatic } from './kiosk-static';

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'bench-kiosk');
const ENGINES = [1, 2, 3] as const;
const FIRST_SCREEN_RUNS = 7;
const SCAN_RUNS = 3;
const KEYS = 120;
const KEY_INTERVAL_MS = 40;
const GOALS = { initialJsGzipKb: 150, firstScreenRatio: 1.5, scanMs: 600, keyDelayMs: 50 };

const KIOSK_PROBES = {
  readySelector: '[data-testid^="screen-"]:not([data-testid="screen-loading"])',
  identifiedSelector: '[data-testid="screen-welcome"]',
};
const BLANK_PROBES = { readySelector: 'h1', identifiedSelector: 'h1' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function launch(cameraFile?: string): Promise<Browser> {
  const camera = cameraFile
    ? [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${cameraFile}`,
      ]
    : [];
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...camera] });
}

async function newPage(browser: Browser, probes: typeof KIOSK_PROBES): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  // As source text: tsx's esbuild wraps functions in __name(), which the page lacks.
  await page.addInitScript({
    content: `{ const __name = (f) => f; (${installProbes.toString()})(${JSON.stringify(probes)}); }`,
  });
  return page;
}

const probeLog = (page: Page) => page.evaluate(() => window.probe) as Promise<ProbeLog>;

/** JS the kiosk URL loads before its first screen, and the camera code it loads after. */
async function measureJs(browser: Browser) {
  const page = await newPage(browser, KIOSK_PROBES);
  const scripts: { url: string; gzip: number; raw: number; at: number }[] = [];
  const wasm: { url: string; gzip: number; raw: number }[] = [];
  const started = Date.now();
  page.on('response', async (response) => {
    const url = response.url();
    const type = response.request().resourceType();
    if (type !== 'script' && !url.endsWith('.js') && !url.endsWith('.wasm')) return;
    const at = Date.now() - started;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const entry = { url: new URL(url).pathname, gzip: gzipSync(body, { level: 9 }).length, raw: body.length };
    if (url.endsWith('.wasm')) wasm.push(entry);
    else scripts.push({ ...entry, at });
  });
  const session = await createSession('', { scanner_type: 'camera', camera_service: 2 });
  await page.goto(kioskUrl(session));
  await page.waitForFunction(() => window.probe.readyAt !== null);
  const readyWall = Date.now() - started;
  await page.locator('video[data-decoder]').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(500);
  await page.context().close();
  const initial = scripts.filter((s) => s.at <= readyWall);
  const camera = scripts.filter((s) => s.at > readyWall);
  const kb = (list: { gzip: number }[]) => round(list.reduce((sum, s) => sum + s.gzip, 0) / 1024);
  return {
    initialJsGzipKb: kb(initial),
    initialFiles: initial.map(({ url, gzip, raw }) => ({
      url,
      gzipKb: round(gzip / 1024),
      rawKb: round(raw / 1024),
    })),
    cameraJsGzipKb: kb(camera),
    cameraFiles: camera.map(({ url, gzip, raw }) => ({
      url,
      gzipKb: round(gzip / 1024),
      rawKb: round(raw / 1024),
    })),
    wasmGzipKb: kb(wasm),
  };
}

/** Median navigation → first usable screen of the kiosk and of the blank page (cold, new context each). */
async function measureFirstScreen(browser: Browser, blankUrl: string) {
  const session = await createSession('', { scanner_type: 'camera' });
  const times = { kiosk: [] as number[], blank: [] as number[] };
  for (let i = 0; i < FIRST_SCREEN_RUNS; i++) {
    for (const [name, url, probes] of [
      ['blank', blankUrl, BLANK_PROBES],
      ['kiosk', kioskUrl(session), KIOSK_PROBES],
    ] as const) {
      const page = await newPage(browser, probes);
      await page.goto(url);
      await page.waitForFunction(() => window.probe.readyAt !== null);
      const mark = await page.evaluate(
        (n) => performance.getEntriesByName(n === 'kiosk' ? 'kiosk-ready' : 'blank-ready')[0]?.startTime,
        name,
      );
      times[name].push(mark ?? (await probeLog(page)).readyAt!);
      await page.context().close();
    }
  }
  const kiosk = median(times.kiosk);
  const blank = median(times.blank);
  return { kioskMs: round(kiosk), blankMs: round(blank), ratio: round(kiosk / blank, 2), runs: times };
}

/** Scan → identified per engine: the fake camera shows 2 s of white, then the code (CARD-0001). */
async function measureScan(browser: Browser) {
  const results: Record<string, { decoder: string | null; medianMs: number | null; runs: number[] }> = {};
  for (const engine of ENGINES) {
    const runs: number[] = [];
    let decoder: string | null = null;
    for (let i = 0; i < SCAN_RUNS; i++) {
      const page = await newPage(browser, KIOSK_PROBES);
      const session = await createSession('', { scanner_type: 'camera', camera_service: engine });
      await page.goto(kioskUrl(session));
      await page.waitForFunction(() => window.probe.identifiedAt !== null, null, { timeout: 20_000 });
      const log = await probeLog(page);
      decoder = log.decoder;
      if (log.codeAt !== null && log.identifiedAt !== null) runs.push(round(log.identifiedAt - log.codeAt));
      await page.context().close();
    }
    results[`engine ${engine}`] = { decoder, medianMs: runs.length ? median(runs) : null, runs };
  }
  return results;
}

/** Key events every 40 ms (single keys: no scan) while the camera decodes a busy picture. */
async function measureKeyDelay(browser: Browser) {
  const results: Record<string, { p50: number; p95: number; max: number; keys: number }> = {};
  for (const engine of [null, ...ENGINES]) {
    const page = await newPage(browser, KIOSK_PROBES);
    const session = await createSession(
      '',
      engine === null ? { scanner_type: 'hand_scanner' } : { scanner_type: 'camera', camera_service: engine },
    );
    await page.goto(kioskUrl(session));
    await page.waitForFunction(() => window.probe.readyAt !== null);
    if (engine !== null) await page.locator('video[data-decoder]').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    const cdp = await page.context().newCDPSession(page);
    for (let i = 0; i < KEYS; i++) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'x', text: 'x' });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'x' });
      await page.waitForTimeout(KEY_INTERVAL_MS);
    }
    const delays = (await probeLog(page)).keyDelays;
    results[engine === null ? 'no camera' : `camera, engine ${engine}`] = {
      p50: round(median(delays)),
      p95: round(percentile(delays, 0.95)),
      max: round(Math.max(...delays)),
      keys: delays.length,
    };
    await page.context().close();
  }
  return results;
}

function pngDataUrl(luma: Uint8Array): string {
  const png = new PNG({ width: 640, height: 480 });
  for (let i = 0; i < luma.length; i++) {
    png.data[i * 4] = png.data[i * 4 + 1] = png.data[i * 4 + 2] = luma[i]!;
    png.data[i * 4 + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** Per-frame decode time of each engine in the kiosk's decoder worker (no camera), 640×480. */
async function measureDecode(browser: Browser, decodeUrl: string) {
  const images = { code: pngDataUrl(await qrLuma('CARD-0001')), busy: pngDataUrl(noiseLuma(7)) };
  const results: Record<
    string,
    { decoder: string; loadMs: number; codeMs: number; busyMs: number; read: string | null }
  > = {};
  for (const engine of ENGINES) {
    const page = await browser.newPage();
    await page.goto(decodeUrl);
    const time = (image: string) =>
      page.evaluate(([e, u]) => window.timeDecoder(e as 1 | 2 | 3, u as string, 25), [
        engine,
        image,
      ] as const) as Promise<DecodeTiming>;
    const code = await time(images.code);
    const busy = await time(images.busy);
    results[`engine ${engine}`] = {
      decoder: code.engine,
      loadMs: round(code.loadMs),
      codeMs: round(median(code.decodeMs.slice(5))),
      busyMs: round(median(busy.decodeMs.slice(5))),
      read: code.value,
    };
    await page.close();
  }
  return results;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('npm run build failed');
    if ((await run('npx', ['vite', 'build', '--config', 'bench/blank/vite.config.ts'])) !== 0) {
      throw new Error('building the blank page failed');
    }
  }
  mkdirSync(WORK, { recursive: true });
  const white = blankLuma();
  const code = await qrLuma('CARD-0001');
  const scanCamera = writeY4m(join(WORK, 'scan.y4m'), [...Array(20).fill(white), ...Array(30).fill(code)]);
  const busyCamera = writeY4m(
    join(WORK, 'busy.y4m'),
    [1, 2, 3, 4, 5].map((seed) => noiseLuma(seed)),
  );

  const service = await startService(
    'bench-kiosk',
    [],
    process.env.PORTAL_DIST ?? snapshotBuild('bench-kiosk'),
  );
  const blank = await serveStatic(join(ROOT, 'dist', 'bench-blank'));
  process.env.E2E_BASE_URL = service.url;
  const busy = await launch(busyCamera);
  const scanning = await launch(scanCamera);
  try {
    const js = await measureJs(busy);
    const firstScreen = await measureFirstScreen(busy, `${blank.url}index.html`);
    const scan = await measureScan(scanning);
    const keyDelay = await measureKeyDelay(busy);
    const decode = await measureDecode(busy, `${blank.url}decode.html`);
    const scanMedians = Object.values(scan).map((s) => s.medianMs ?? Number.POSITIVE_INFINITY);
    const worstKeyP95 = Math.max(...Object.values(keyDelay).map((k) => k.p95));
    const goals = {
      initialJs: {
        goal: `≤ ${GOALS.initialJsGzipKb} KB gzip`,
        value: js.initialJsGzipKb,
        met: js.initialJsGzipKb <= GOALS.initialJsGzipKb,
      },
      firstScreen: {
        goal: `≤ ${GOALS.firstScreenRatio}× blank`,
        value: firstScreen.ratio,
        met: firstScreen.ratio <= GOALS.firstScreenRatio,
      },
      scan: {
        goal: `≤ ${GOALS.scanMs} ms (every engine)`,
        value: Math.max(...scanMedians),
        met: scanMedians.every((m) => m <= GOALS.scanMs),
      },
      keyDelay: {
        goal: `p95 < ${GOALS.keyDelayMs} ms`,
        value: worstKeyP95,
        met: worstKeyP95 < GOALS.keyDelayMs,
      },
    };
    const results = {
      date: new Date().toISOString(),
      cores: (await import('node:os')).cpus().length,
      js,
      firstScreen,
      scan,
      keyDelay,
      decode,
      goals,
    };
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'kiosk.json'), `${JSON.stringify(results, null, 2)}\n`);
    print(results);
  } finally {
    await busy.close();
    await scanning.close();
    await blank.close();
    await service.stop();
  }
}

function print(r: {
  js: Awaited<ReturnType<typeof measureJs>>;
  firstScreen: Awaited<ReturnType<typeof measureFirstScreen>>;
  scan: Awaited<ReturnType<typeof measureScan>>;
  keyDelay: Awaited<ReturnType<typeof measureKeyDelay>>;
  decode: Awaited<ReturnType<typeof measureDecode>>;
  goals: Record<string, { goal: string; value: number; met: boolean }>;
}) {
  const out: string[] = ['', 'bench:kiosk (Chromium, real built service)', ''];
  out.push(
    `initial JS before the first screen   ${r.js.initialJsGzipKb} KB gzip (${r.js.initialFiles.length} files)`,
  );
  out.push(
    `camera JS loaded after it            ${r.js.cameraJsGzipKb} KB gzip + WASM ${r.js.wasmGzipKb} KB gzip (engine 2)`,
  );
  out.push(
    `first usable screen                  kiosk ${r.firstScreen.kioskMs} ms, blank React page ${r.firstScreen.blankMs} ms → ${r.firstScreen.ratio}×`,
  );
  out.push('', 'scan → identified (median of runs)');
  for (const [name, s] of Object.entries(r.scan))
    out.push(
      `  ${name.padEnd(10)} ${String(s.medianMs).padStart(6)} ms  decoder ${s.decoder}  runs ${s.runs.join(', ')}`,
    );
  out.push('', `key event → handler while the camera decodes (${KEYS} keys, every ${KEY_INTERVAL_MS} ms)`);
  for (const [name, k] of Object.entries(r.keyDelay))
    out.push(`  ${name.padEnd(18)} p50 ${k.p50} ms  p95 ${k.p95} ms  max ${k.max} ms`);
  out.push('', 'decoder worker, 640×480 frame (median)');
  for (const [name, d] of Object.entries(r.decode))
    out.push(
      `  ${name.padEnd(10)} ${d.decoder.padEnd(11)} load ${d.loadMs} ms  code ${d.codeMs} ms  busy picture ${d.busyMs} ms  read ${d.read}`,
    );
  out.push('', 'goals');
  for (const [name, g] of Object.entries(r.goals))
    out.push(`  ${g.met ? 'MET ' : 'MISS'} ${name.padEnd(12)} ${String(g.value).padStart(8)}  (${g.goal})`);
  process.stdout.write(`${out.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:kiosk: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
