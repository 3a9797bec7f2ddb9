// `npm run screenshots:sheets`: one contact sheet per flow (docs/screenshots/sheet-<flow>.png) from the
// screenshots the e2e specs shoot (copied into docs/screenshots by scripts/copy-screenshots.sh): the
// flow's screens side by side in order, landscape (1280×800) on the first row and portrait (800×1280)
// on the second; the console's flows as phone (390×844) and small tablet (768×1024), the office's as
// laptop (1280×800) and phone (390×844). A screen missing
// from docs/screenshots is left out and named on stderr.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const dir = join(import.meta.dirname, '..', 'docs', 'screenshots');

/** The flows, each its screens in the order a customer (or cashier) meets them. */
export const FLOWS = {
  'credit-reception': [
    'standby',
    'scan-hand-scanner',
    'credit-waiting',
    'credit-result',
    'credit-result-next-reward',
    'credit-result-unlocked',
    'completed',
  ],
  identification: [
    'scan-camera',
    'scan-dutch',
    'scan-unknown-code',
    'email-keyboard',
    'email-unknown',
    'card-not-linked',
    'card-inactive',
    'camera-denied',
  ],
  registration: ['registration-email', 'registration-terms', 'registration-card', 'welcome'],
  'customer-portal': [
    'welcome',
    'portal-rewards',
    'reward-confirm',
    'reward-claimed',
    'reward-refused',
    'portal-vouchers',
    'portal-voucher-confirm',
  ],
  verification: ['verify', 'verify-code', 'verify-locked'],
  'giftcard-payment': [
    'giftcard-scan',
    'giftcard-code',
    'giftcard-card',
    'giftcard-paid',
    'giftcard-paid-full',
    'giftcard-completed',
    'giftcard-expired',
    'giftcard-empty',
  ],
  'giftcard-top-up': [
    'topup-amount',
    'topup-over-max',
    'topup-confirm',
    'topup-pay-at-till',
    'topup-result',
    'topup-refused',
    'topup-digital-used',
  ],
  prepaid: [
    'prepaid-choice',
    'prepaid-amount',
    'prepaid-confirm',
    'prepaid-confirm-partly',
    'prepaid-result',
    'prepaid-result-partly',
    'prepaid-empty',
    'prepaid-top-up-amount',
    'prepaid-top-up-result',
  ],
  vouchers: [
    'vouchers',
    'voucher-scan',
    'voucher-code',
    'voucher-confirm',
    'voucher-redeemed',
    'voucher-refused',
    'voucher-expired-at-scan',
    'voucher-scanned-first',
  ],
  'scan-anything': ['scan-anything', 'giftcard-choice', 'receipt-credits'],
  'ends-and-errors': [
    'goodbye',
    'idle-countdown',
    'session-ended',
    'expired',
    'cancelled-after-charge',
    'network-error',
    'offline-paying',
    'unknown-session',
    'unknown-device',
    'pair-device',
  ],
};

/** The console's flows, shot on a phone and a small tablet. */
export const CONSOLE_FLOWS = {
  'cashier-console': [
    'pair',
    'till',
    'start',
    'settings',
    'purchase',
    'credits',
    'collect',
    'giftcard',
    'waiting',
    'today',
    'revoked',
  ],
};

/** The office's screens, shot on a laptop and a phone. */
export const OFFICE_FLOWS = {
  office: ['sign-in', 'shops', 'devices', 'staff', 'keys', 'audit'],
  'office-programme': ['rewards', 'reward-form', 'brand', 'promotions', 'reports'],
  'office-customers': [
    'customers-search',
    'customer',
    'customer-correction',
    'import-refused',
    'import-done',
  ],
};

const GAP = 24;
const BACKGROUND = [0xe9, 0xe6, 0xe1];

/** `png` scaled to `height` px high, each pixel the average of the source pixels it covers. */
function scaled(png, height) {
  const scale = png.height / height;
  const width = Math.round(png.width / scale);
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * scale));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * scale);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * scale));
      const sum = [0, 0, 0];
      let n = 0;
      for (let sy = y0; sy < y1 && sy < png.height; sy++) {
        for (let sx = x0; sx < x1 && sx < png.width; sx++) {
          const i = (sy * png.width + sx) * 4;
          sum[0] += png.data[i];
          sum[1] += png.data[i + 1];
          sum[2] += png.data[i + 2];
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out.data[o] = sum[0] / n;
      out.data[o + 1] = sum[1] / n;
      out.data[o + 2] = sum[2] / n;
      out.data[o + 3] = 255;
    }
  }
  return out;
}

/** The screens of a row that exist, read and scaled to `height`. */
function row(names, suffix, height) {
  const shots = [];
  for (const name of names) {
    const file = join(dir, `${name}-${suffix}.png`);
    if (!existsSync(file)) {
      process.stderr.write(`contact-sheets: no ${name}-${suffix}.png\n`);
      continue;
    }
    shots.push(scaled(PNG.sync.read(readFileSync(file)), height));
  }
  return shots;
}

/** One sheet: its rows one under the other, screens side by side with a gap around each. */
function sheet(rows) {
  const width = Math.max(...rows.map((shots) => shots.reduce((w, s) => w + s.width + GAP, GAP)));
  const height = rows.reduce((h, shots) => h + Math.max(0, ...shots.map((s) => s.height)) + GAP, GAP);
  const out = new PNG({ width, height });
  for (let i = 0; i < out.data.length; i += 4) {
    out.data.set([...BACKGROUND, 255], i);
  }
  let top = GAP;
  for (const shots of rows) {
    let left = GAP;
    for (const shot of shots) {
      PNG.bitblt(shot, out, 0, 0, shot.width, shot.height, left, top);
      left += shot.width + GAP;
    }
    top += Math.max(0, ...shots.map((s) => s.height)) + GAP;
  }
  return out;
}

const write = (flow, png) => {
  writeFileSync(join(dir, `sheet-${flow}.png`), PNG.sync.write(png, { colorType: 2 }));
  process.stdout.write(`docs/screenshots/sheet-${flow}.png ${png.width}×${png.height}\n`);
};

for (const [flow, names] of Object.entries(FLOWS)) {
  const kiosk = names.map((name) => `kiosk-${name}`);
  write(flow, sheet([row(kiosk, 'landscape', 250), row(kiosk, 'portrait', 400)]));
}
for (const [flow, names] of Object.entries(CONSOLE_FLOWS)) {
  const screens = names.map((name) => `cashier-${name}`);
  write(flow, sheet([row(screens, 'phone', 422), row(screens, 'tablet', 512)]));
}
for (const [flow, names] of Object.entries(OFFICE_FLOWS)) {
  const screens = names.map((name) => `office-${name}`);
  write(flow, sheet([row(screens, 'laptop', 250), row(screens, 'phone', 422)]));
}
