// A big inventory scrolled end to end in the virtual list, and searched. The stock is written
// into the account's cache the way a full sync leaves it (bench/lib/seed-cache.ts: the cache's own
// pass API, no HTTP): syncing hundreds of pages is covered at smaller scale by the sync suites and
// by bench/sync-*.ts. The list draws rows by arithmetic on one row height (logic/rowWindow.ts,
// checked at 100,000 rows in test/renderer/dom/row-window.test.tsx), so the stock only has to
// dwarf the rows drawn; it also takes more than one batch of the snapshot's build (BUILD_BATCH),
// which no smaller test reaches. The benchmarks (bench/) take the whole stack to 100,000 listings;
// seeding and reading that many here costs a 2-core CI machine time and checks nothing more.
import { join } from 'node:path';
import { seedCache } from '../../bench/lib/seed-cache';
import { BUILD_BATCH } from '../../src/main/cache/snapshot';
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRow, inventoryRows, resultCount, searchBox } from './helpers';

const TOTAL = BUILD_BATCH + 1_000;
test.use({ sandboxOptions: { vehicles: 1, seed: 11 } });

test(`${TOTAL.toLocaleString('en')} vehicles scroll from the first to the last, and a search finds the last`, async ({ app, sandbox, dataDir }) => {
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
  const reference = await last.getAttribute('data-reference');
  if (!reference) throw new Error('the last row has no reference');
  await app.screen('inventory-big-end');
  // Only a window of rows is in the DOM, however long the list.
  expect(await grid.getByRole('row').count()).toBeLessThan(300);
  // Scrolling back up page by page reaches the middle with rows filled in, then Home the first.
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
  await expect(inventoryRows(page).first()).toBeVisible();
  await page.keyboard.press('Home');
  await expect(inventoryRows(page).and(page.locator('[aria-rowindex="2"]'))).toBeVisible();

  // The last listing's reference, searched among them all: it alone.
  await searchBox(page).fill(reference);
  await expect.poll(() => resultCount(page)).toBe(1);
  await expect(inventoryRow(page, reference)).toBeVisible();
});
