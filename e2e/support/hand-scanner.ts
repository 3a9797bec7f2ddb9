import type { Page } from '@playwright/test';

/**
 * Types `value` + Enter as a keyboard-wedge hand scanner does: real key events through Chromium's
 * input pipeline (CDP Input.dispatchKeyEvent), stamped `gapMs` apart. A scanner's keys carry the
 * device's own timing; page.keyboard.type's gaps are the test runner's round trips instead, which
 * on 2 busy cores stretch past 100 ms now and then and split the code.
 */
export async function scanWithHandScanner(page: Page, value: string, { gapMs = 5 } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...value, 'Enter'];
    for (const [i, key] of keys.entries()) {
      const timestamp = start + (i * gapMs) / 1000;
      const enter = key === 'Enter';
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        text: enter ? '\r' : key,
        code: enter ? 'Enter' : undefined,
        windowsVirtualKeyCode: enter ? 13 : undefined,
        timestamp,
      });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: timestamp + 0.001 });
    }
  } finally {
    await cdp.detach();
  }
}
