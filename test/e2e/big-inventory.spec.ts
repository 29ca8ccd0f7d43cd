// A 100,000-vehicle inventory scrolled end to end in the virtual list. The stock is written into
// the account's cache the way a full sync leaves it (bench/lib/seed-cache.ts: the cache's own
// pass API, no HTTP): syncing 2,000 pages is covered at smaller scale by the sync suites and by
// bench/sync-*.ts, and here it would take minutes of a 2-core CI machine for nothing more.
import { join } from 'node:path';
import { seedCache } from '../../bench/lib/seed-cache';
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRows, resultCount } from './helpers';

const TOTAL = 100_000;
test.use({ sandboxOptions: { vehicles: 1, seed: 11 } });

test('100,000 vehicles scroll from the first to the last', async ({ app, sandbox, dataDir }) => {
  test.setTimeout(5 * 60_000);
  const { page } = app;
  await connectAndSync(app, sandbox);
  const accounts = await app.invoke('accounts.list', {});
  const account = accounts.ok ? accounts.value.find((a) => a.active) : undefined;
  if (!account) throw new Error('no active account after connecting');
  seedCache(join(dataDir, 'accounts', account.id, 'cache.sqlite'), TOTAL, 11, { origin: sandbox.origin });
  // The app reads the new stock on its next query (another connection's commit invalidates its snapshot).
  await page.reload();
  await expect.poll(() => resultCount(page), { timeout: 60_000 }).toBe(TOTAL);

  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-rowcount', String(TOTAL + 1));
  await inventoryRows(page).first().click();
  await page.keyboard.press('End');
  // The last listing (row TOTAL + 1, after the header) is rendered and filled in.
  const last = inventoryRows(page).and(page.locator(`[aria-rowindex="${TOTAL + 1}"]`));
  await expect(last).toBeVisible({ timeout: 30_000 });
  await expect(last.getByRole('button')).not.toBeEmpty();
  await app.screen('inventory-100k-end');
  // Only a window of rows is in the DOM, however long the list.
  expect(await grid.getByRole('row').count()).toBeLessThan(300);
  // Scrolling back up page by page reaches the middle with rows filled in, then Home the first.
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
  await expect(inventoryRows(page).first()).toBeVisible();
  await page.keyboard.press('Home');
  await expect(inventoryRows(page).and(page.locator('[aria-rowindex="2"]'))).toBeVisible();
});
