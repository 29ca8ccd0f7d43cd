// A 100,000-vehicle inventory: synced, counted, and scrolled end to end in the virtual list.
import { expect, test } from './fixtures';
import { connectAndSync, resultCount } from './helpers';

test.use({ sandboxOptions: { vehicles: 100_000, seed: 11 } });

test('100,000 vehicles scroll from the first to the last', async ({ app, sandbox }) => {
  test.setTimeout(15 * 60_000);
  const { page } = app;
  await connectAndSync(app, sandbox, 12 * 60_000);
  expect(await resultCount(page)).toBe(100_000);

  const table = page.getByTestId('inventory-table');
  await expect(table).toHaveAttribute('aria-rowcount', /^1000\d\d$/);
  await table.focus();
  await page.keyboard.press('End');
  const last = [...sandbox.data.list()].sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1))[0]!;
  await expect(page.locator(`[data-testid="inventory-row"][data-reference="${last.reference}"]`)).toBeVisible({ timeout: 30_000 });
  await app.screen('inventory-100k-end');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('inventory-row').first()).toBeVisible();
  // Only a window of rows is in the DOM, however long the list.
  expect(await page.getByTestId('inventory-row').count()).toBeLessThan(300);
});
