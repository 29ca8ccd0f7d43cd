// Screenshots of every screen, as test artifacts: attached to the test's report and written to
// test-results/screens/<lang>/<screen>.png, where a reviewer can page through the whole app.
// Every screen captured is also checked with axe: a serious or critical accessibility violation
// fails the test that showed the screen, in whichever language it showed it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const SCREENS_DIR = join(import.meta.dirname, '../../../test-results/screens');

const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical axe violations on the page as it stands, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  // AxeBuilder's default checks each frame apart and merges the parts in a new blank page: a tab
  // opened, and axe injected into it, for every check, most of a check's time on a busy machine.
  // The renderer has no frames (its CSP: frame-src 'none'), and on a page of one frame axe.run in
  // the page itself (legacy mode) checks the same DOM with the same rules; a page with frames keeps
  // the default, so that a frame is never left unchecked.
  if (page.frames().length === 1) axe.setLegacyMode();
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => `${v.impact} ${v.id}: ${v.help} — ${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`),
    );
}

export async function captureScreen(page: Page, testInfo: TestInfo, screen: string, lang = 'en'): Promise<string> {
  const safe = screen.replace(/[^A-Za-z0-9._-]+/g, '-');
  const dir = join(SCREENS_DIR, lang.replace(/[^A-Za-z0-9-]+/g, '-'));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${safe}.png`);
  // Settle fonts and the virtual list's measurements before capturing.
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  const body = await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`screen-${lang}-${safe}`, { body, contentType: 'image/png' });
  expect.soft(await accessibilityViolations(page), `axe: serious or critical violations on "${screen}" (${lang})`).toEqual([]);
  return path;
}
