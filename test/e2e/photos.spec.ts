// A thumbnail whose cover was not in the cache when its row appeared (a first sync shows rows
// before their covers; a photo host that failed) shows the photo once a later sync has fetched
// it, without the row being remounted.
import { expect, test } from './fixtures';
import { connectAndSync, syncNow } from './helpers';

test.use({ sandboxOptions: { vehicles: 30 } });

test('thumbnails that had no photo fill in when a sync brings it', async ({ app, sandbox }) => {
  const { page } = app;
  const thumbs = page.getByTestId('inventory-row').locator('img.thumb');
  sandbox.faults.set({ photos: { status: 503 } });
  await connectAndSync(app, sandbox);
  await expect(page.getByTestId('inventory-row').first().locator('.thumb--empty')).toBeVisible();
  expect(await thumbs.count()).toBe(0);

  sandbox.faults.clear();
  await syncNow(app, { full: true });
  await expect.poll(() => thumbs.count(), { message: 'the rows on screen show their cover photos' }).toBeGreaterThan(5);
  const sizes = await thumbs.evaluateAll((imgs) => imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
  expect(sizes.every((w) => w > 0)).toBe(true);
});
