// The accessibility check every captured screen goes through (harness/screens.ts) can fail: on a
// page of one frame, as the renderer's are, it reports a nameless button and faint text, and
// nothing on the same page without them.
import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './harness/screens';

const PAGE = (extra: string) => `<!doctype html><html lang="en"><head><title>Check</title></head>
  <body><main><h1>Check</h1><p>Readable text.</p>${extra}</main></body></html>`;

test('the accessibility check reports a nameless button and faint text, and passes the page without them', async ({ page }) => {
  await page.setContent(PAGE(''));
  expect(page.frames()).toHaveLength(1);
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.setContent(PAGE('<button></button><p style="color: #eee; background: #fff">Faint text.</p>'));
  const violations = await accessibilityViolations(page);
  expect(violations.filter((v) => v.startsWith('critical button-name:'))).toHaveLength(1);
  expect(violations.filter((v) => v.startsWith('serious color-contrast:'))).toHaveLength(1);
});
