// Offline: the detail and its photos come from the local cache with the portal gone; an
// unpublish is queued and sent by the next sync once the portal is back.
import { expect, test } from './fixtures';
import { anyOf, button, connectAndSync, inventoryRows, openVehicle, photoButtons, syncNow, topBarButton, vehicleDetail, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 60, seed: 3 } });

const t = words('en');

test('detail and photos with the portal stopped', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  await sandbox.close();

  const first = inventoryRows(page).first().getByRole('button');
  const title = (await first.textContent()) ?? '';
  await first.click();
  const detail = vehicleDetail(page, title);
  await expect(detail).toBeVisible();
  // The cover is a decorative image inside its named button ("Open photo 1").
  const cover = photoButtons(detail).first().locator('img');
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  expect(app.wired.photos.served.length).toBeGreaterThan(0);
  await app.screen('vehicle-detail-offline');
});

test('unpublish online', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const published = sandbox.data.list().find((v) => v.publication !== null)!;
  const detail = await openVehicle(page, published.reference);
  await button(detail, t('detail.request.unpublish')).click();
  await button(page.getByRole('dialog'), t('requestDialog.unpublish.confirm', { count: 1 })).click();
  await expect(detail).toContainText(anyOf(t('detail.state.pending'), t('detail.state.off', { reason: t('badges.reason.unpublishedHere') })));
  sandbox.data.applyQueue();
  await page.getByRole('button', { name: t('detail.back') }).click();
  await syncNow(app);
  expect(sandbox.data.get(published.reference)?.publication).toBeNull();
});

test('unpublish offline is queued, then sent by the next sync', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const published = sandbox.data.list().find((v) => v.publication !== null)!;
  sandbox.faults.set({ resetRate: 1 });

  const detail = await openVehicle(page, published.reference);
  await button(detail, t('detail.request.unpublish')).click();
  await button(page.getByRole('dialog'), t('requestDialog.unpublish.confirm', { count: 1 })).click();
  await expect(detail).toContainText(t('detail.state.queued'));
  await app.screen('unpublish-queued');

  sandbox.faults.clear();
  await page.getByRole('button', { name: t('detail.back') }).click();
  await syncNow(app);
  sandbox.data.applyQueue();
  expect(sandbox.data.get(published.reference)?.publication).toBeNull();
});

test('a sync with the portal gone says why in the dealer’s language (pt-BR)', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const pt = words('pt-BR');
  await app.invoke('settings.set', { language: 'pt-BR' });
  await page.reload();
  await expect(inventoryRows(page).first()).toBeVisible();
  await sandbox.close();
  await topBarButton(page, pt('sync.button')).click();
  // The portal error's message code, rendered by the renderer's i18next in Portuguese.
  const notice = page.getByRole('alert').filter({ hasText: pt('errors.kind.offline') });
  await expect(notice).toContainText(anyOf(pt('codes.portal.offline'), pt('codes.portal.timeout')));
  await expect(notice).not.toContainText('could not be reached');
  await app.screen('sync-failed-offline', 'pt-BR');
});
