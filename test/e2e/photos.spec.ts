// A thumbnail whose cover was not in the cache when its row appeared (a first sync shows rows
// before their covers; a photo host that failed) shows the photo once a later sync has fetched
// it, without the row being remounted.
import { expect, test } from './fixtures';
import { anyOf, connectAndSync, inventoryRows, openVehicle, syncNow, words } from './helpers';

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

test('a listing opened for the first time shows its photos loading, then every one of them', async ({ app, sandbox }) => {
  const { page } = app;
  // Cover photos only (the default): a listing's other photos are fetched when it is opened.
  await connectAndSync(app, sandbox);
  const listing = sandbox.data.list().find((v) => v.publication != null && v.pictures.length >= 5 && v.pictures.every((p, i) => p.order === i + 1));
  if (!listing) throw new Error('no listing with five photos in this stock');
  // The photo host holds its answers: the listing shows while its photos are on their way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  sandbox.faults.set({ photos: { hold: () => held } });
  const detail = await openVehicle(page, listing.reference);
  const t = words('en');
  const gallery = detail.locator('.gallery');
  await expect(gallery.getByRole('status')).toHaveCount(listing.pictures.length - 1);
  await expect(gallery.getByRole('status').first()).toHaveText(t('photos.loading'));
  release();
  // Never "could not be downloaded" on the way; in the end every photo is drawn.
  const failed = gallery.getByText(anyOf(t('photos.cache.failed'), t('photos.notShown')));
  await expect
    .poll(
      async () => {
        expect(await failed.count()).toBe(0);
        return gallery.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0).length);
      },
      { message: 'every photo of the listing is shown' },
    )
    .toBe(listing.pictures.length);
  // No photo was asked for before the cache had it.
  expect(app.wired.photos.refused).toEqual([]);
  expect(await failed.count()).toBe(0);
});

test('a photo the host refused says so, and comes when the dealer tries again', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const listing = sandbox.data.list().find((v) => v.pictures.length >= 3);
  if (!listing) throw new Error('no listing with photos in this stock');
  sandbox.faults.set({ photos: { status: 503 } });
  const detail = await openVehicle(page, listing.reference);
  const t = words('en');
  const retries = detail.getByRole('button', { name: new RegExp(`^${anyOf(t('photos.retryOne', { position: '#' })).source.replace('#', '\\d+')}$`) });
  await expect(retries.first()).toBeVisible();
  sandbox.faults.clear();
  await retries.first().click();
  await expect.poll(() => detail.locator('.gallery img').count()).toBe(listing.pictures.length);
  await expect(retries).toHaveCount(0);
});
