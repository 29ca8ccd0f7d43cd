// The Chromium features the app's window runs without (src/main/shell/chromium-features.ts) still
// exist and still matter in the Chromium installed here. With Chromium's defaults, a task the page
// queues while handling a key press (here a timer; in the app, the keystroke's answer arriving
// over the bridge) waits until the frame that draws the key is done; with the app's switch it
// runs as soon as it is due. A Chromium that renamed or dropped the feature fails the first
// check (nothing deferred any more: the switch can go) or the second (the switch no longer
// reaches it: the answer waits for the frame again).
import { chromium, expect, test, type Browser } from '@playwright/test';
import { chromiumFeatureArgs } from '../../src/main/shell/chromium-features';

const CHROMIUM = process.env.SHOWROOM_CHROMIUM ?? '/usr/bin/chromium';
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const KEYS = 20;

/** Of KEYS key presses, how many saw the timer they queued run before their frame's animation callback. */
async function timersBeforeFrame(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  await page.setContent(`<input id="box"><script>
    window.order = [];
    document.getElementById('box').addEventListener('input', () => {
      let timerFirst = null;
      setTimeout(() => { if (timerFirst === null) timerFirst = true; }, 0);
      requestAnimationFrame(() => { if (timerFirst === null) timerFirst = false; });
      setTimeout(() => window.order.push(timerFirst), 50);
    });
  </script>`);
  await page.focus('#box');
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(80);
  }
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { order: unknown[] }).order.length)).toBe(KEYS);
  return page.evaluate(() => (globalThis as unknown as { order: boolean[] }).order.filter(Boolean).length);
}

test("a key's queued work waits for its frame by default, and runs at once with the app window's switch", async () => {
  const defaults = await chromium.launch({ executablePath: CHROMIUM, args: BASE_ARGS });
  try {
    expect(await timersBeforeFrame(defaults)).toBe(0);
  } finally {
    await defaults.close();
  }
  const app = await chromium.launch({ executablePath: CHROMIUM, args: [...BASE_ARGS, ...chromiumFeatureArgs()] });
  try {
    // Not every key: when the frame is already due, it still comes first.
    expect(await timersBeforeFrame(app)).toBeGreaterThanOrEqual(KEYS / 4);
  } finally {
    await app.close();
  }
});
