// Offline: the detail and its photos come from the local cache with the portal gone; an
// unpublish is queued and sent by the next sync once the portal is back.
import { expect, test } from './fixtures';
import { connectAndSync, openVehicle, syncNow } from './helpers';

test.use({ sandboxOptions: { vehicles: 60, seed: 3 } });

test('detail and photos with the portal stopped', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  await sandbox.close();

  await page.getByTestId('row-open').first().click();
  await expect(page.getByTestId('vehicle-detail')).toBeVisible();
  await expect(page.getByTestId('photo-gallery')).toBeVisible();
  const cover = page.getByTestId('photo-thumb').first().locator('img');
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  expect(app.wired.photos.served.length).toBeGreaterThan(0);
  await app.screen('vehicle-detail-offline');
});

test('unpublish online', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const published = sandbox.data.list().find((v) => v.publication !== null)!;
  await openVehicle(page, published.reference);
  await page.getByTestId('detail-unpublish').click();
  await page.getByTestId('unpublish-confirm').click();
  await expect(page.getByTestId('publication-state')).toHaveAttribute('data-unpublish', /pending|none/);
  sandbox.data.applyQueue();
  await page.getByTestId('detail-back').click();
  await syncNow(app);
  expect(sandbox.data.get(published.reference)?.publication).toBeNull();
});

test('unpublish offline is queued, then sent by the next sync', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const published = sandbox.data.list().find((v) => v.publication !== null)!;
  sandbox.faults.set({ resetRate: 1 });

  await openVehicle(page, published.reference);
  await page.getByTestId('detail-unpublish').click();
  await page.getByTestId('unpublish-confirm').click();
  await expect(page.getByTestId('publication-state')).toHaveAttribute('data-unpublish', 'queued');
  await app.screen('unpublish-queued');

  sandbox.faults.clear();
  await page.getByTestId('detail-back').click();
  await syncNow(app);
  sandbox.data.applyQueue();
  expect(sandbox.data.get(published.reference)?.publication).toBeNull();
});
