// Screenshots of every screen, as test artifacts: attached to the test's report and written to
// test-results/screens/<lang>/<screen>.png, where a reviewer can page through the whole app.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const SCREENS_DIR = join(import.meta.dirname, '../../../test-results/screens');

export async function captureScreen(page: Page, testInfo: TestInfo, screen: string, lang = 'en'): Promise<string> {
  const safe = screen.replace(/[^A-Za-z0-9._-]+/g, '-');
  const dir = join(SCREENS_DIR, lang.replace(/[^A-Za-z0-9-]+/g, '-'));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${safe}.png`);
  // Settle fonts and the virtual list's measurements before capturing.
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  const body = await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`screen-${lang}-${safe}`, { body, contentType: 'image/png' });
  return path;
}
