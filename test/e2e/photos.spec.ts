// A thumbnail whose cover was not in the cache when its row appeared (a first sync shows rows
// before their covers; a photo host that failed) shows the photo once a later sync has fetched
// it, without the row being remounted.
import { expect, test } from './fixtures';
import { connectAndSync, inventoryRows, syncNow, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 30 } });

test('thumbnails that had no photo fill in when a sync brings it', async ({ app, sandbox }) => {
  const { page } = app;
  // Covers are decorative (alt=""): found as the rows' images; a missing one is named "No photo".
  const thumbs = inventoryRows(page).locator('img.thumb');
  sandbox.faults.set({ photos: { status: 503 } });
  await connectAndSync(app, sandbox);
  await expect(
    inventoryRows(page)
      .first()
      .getByRole('img', { name: words('en')('inventory.noPhoto') }),
  ).toBeVisible();
  expect(await thumbs.count()).toBe(0);

  sandbox.faults.clear();
  await syncNow(app, { full: true });
  await expect.poll(() => thumbs.count(), { message: 'the rows on screen show their cover photos' }).toBeGreaterThan(5);
  const sizes = await thumbs.evaluateAll((imgs) => imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
  expect(sizes.every((w) => w > 0)).toBe(true);
});
