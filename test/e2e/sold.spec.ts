// Mark as sold and the price history, against the sandbox: a listing's price history in its detail
// (chart and list) captured in both languages; a sale marked, cancelled before it was sent, marked
// again and sent by a sync, then the listing gone from the inventory and found in Sold. Marked sold,
// a listing leaves the inventory at once and shows in Sold as a sale pending (screenshots in both
// languages), cancelled there; the Sold view exported and the file read back.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { exportHeaders } from '../../src/main/export/columns';
import { DEPARTED_EXPORT_COLUMNS } from '../../src/main/export/sold-columns';
import { expect, test } from './fixtures';
import { button, fillConnectForm, inventoryRow, inventoryRows, openVehicle, searchBox, showInLanguage, syncNow, waitForSyncs, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 24, seed: 17 } });

test('the price history in both languages; a sale marked, cancelled, marked again, sent, then in Sold', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  // Connected as connectAndSync does, with room for a busy machine: opening the account's session took over 10 s under load.
  await fillConnectForm(page, sandbox, sandbox.integrationToken);
  await button(page, words('en')('connect.save')).click();
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 60_000 });
  await waitForSyncs(app, 1);
  await expect(inventoryRows(page).first()).toBeVisible();
  const car = sandbox.data.list().find((v) => v.type === 'C' && v.mileage > 0 && v.publication !== null);
  if (!car) throw new Error('no car on the portal in this stock');
  // A price changed on the portal since the first sync: the next one records it.
  await sandbox.data.editElsewhere(car.reference, { value: car.value - 2500 });
  await syncNow(app);

  for (const lang of ['pt-BR', 'en'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);
    const detail = await openVehicle(page, car.reference, lang);
    const history = detail.getByRole('region', { name: t('priceHistory.title') });
    await history.scrollIntoViewIfNeeded();
    await expect(history.locator('tbody tr')).toHaveCount(2);
    await expect(history.locator('svg[role="img"]')).toHaveAttribute('data-points', '2');
    await expect(history.locator('tbody tr').first()).toContainText(t('priceHistory.source.portal'));
    await app.screen('price-history', lang);
    await page.keyboard.press('Escape');
  }

  const t = words('en');
  const detail = await openVehicle(page, car.reference);
  const mark = async () => {
    await button(detail, t('sold.action')).click();
    const dialog = page.getByRole('dialog', { name: t('sold.confirmTitle', { count: 1 }) });
    await expect(dialog).toContainText(t('sold.confirmBody'));
    await button(dialog, t('sold.confirm')).click();
    await expect(dialog).toBeHidden();
  };
  await mark();
  const pending = detail.getByTestId('pending-sale');
  await expect(pending).toContainText(t('sold.pending'));
  await app.screen('sale-pending', 'en');
  // Marked sold, it left the inventory at once: its row and its count.
  await page.keyboard.press('Escape');
  await searchBox(page).fill('');
  await expect(inventoryRow(page, car.reference)).toHaveCount(0);
  /** How many listings the inventory counts. */
  const stock = async (): Promise<number> => {
    const answer = await app.invoke('inventory.summary', {});
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value.total;
  };
  const inStock = await stock();
  expect(inStock).toBe(sandbox.data.list().length - 1);
  // In Sold, pending with Cancel, in both languages.
  for (const lang of ['pt-BR', 'en'] as const) {
    const w = words(lang);
    await showInLanguage(app, lang);
    await button(page.getByRole('navigation'), w('nav.sold')).click();
    const row = page.getByTestId('sold-table').locator(`tr[data-reference="${car.reference}"]`);
    await expect(row).toHaveAttribute('data-left-as', 'pending');
    await expect(row).toContainText(w('sold.salePending'));
    await app.screen('sold-view-pending', lang);
  }
  // Cancelled from Sold before any sync: nothing was sent, and it is back in the inventory.
  const soldRow = page.getByTestId('sold-table').locator(`tr[data-reference="${car.reference}"]`);
  await button(soldRow, t('sold.cancel')).click();
  await expect(soldRow).toHaveCount(0);
  expect(sandbox.stats.count('DELETE /vehicles/:reference')).toBe(0);
  await button(page.getByRole('navigation'), t('nav.inventory')).click();
  await expect.poll(stock).toBe(inStock + 1);

  await openVehicle(page, car.reference);
  await mark();
  await expect(pending).toContainText(t('sold.pending'));
  await syncNow(app);
  expect(sandbox.stats.count('DELETE /vehicles/:reference', 202)).toBe(1);
  sandbox.data.applyQueue();
  await syncNow(app);

  await page.keyboard.press('Escape');
  await expect(inventoryRow(page, car.reference)).toHaveCount(0);
  await button(page.getByRole('navigation'), t('nav.sold')).click();
  const row = page.getByTestId('sold-table').locator(`tr[data-reference="${car.reference}"]`);
  await expect(row).toHaveAttribute('data-left-as', 'sold');
  await expect(row).toContainText(t('sold.leftAsOne.sold'));
  await app.screen('sold-view', 'en');

  // Exported as on screen (Sold only), the file read back.
  await button(page.getByRole('group', { name: t('sold.show') }), t('sold.leftAs.sold')).click();
  await button(page, t('exportDialog.button')).click();
  const exportDialog = page.getByRole('dialog', { name: t('exportDialog.title') });
  await exportDialog.getByRole('radio', { name: t('exportDialog.csv'), exact: true }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), button(exportDialog, t('exportDialog.confirm', { count: 1, n: '1' })).click()]);
  expect(download.suggestedFilename()).toMatch(/^showroom-sold-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  const [header, ...lines]: string[][] = parse(text, { bom: true, delimiter: ',' });
  expect(header).toEqual(exportHeaders('en', DEPARTED_EXPORT_COLUMNS));
  expect(lines).toHaveLength(1);
  const cell = (id: string) => lines[0]?.[DEPARTED_EXPORT_COLUMNS.findIndex((c) => c.id === id)];
  expect(cell('reference')).toBe(car.reference);
  expect(cell('leftAs')).toBe(t('sold.leftAsOne.sold'));
  expect(Number(cell('price'))).toBe(car.value - 2500);
});
