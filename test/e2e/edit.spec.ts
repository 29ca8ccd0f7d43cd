// Editing a listing from its detail, on the demo at a 1366×768 laptop: the form, its photo manager
// and (once an edit meets a change made on the portal) the conflict view, each captured in both
// languages and checked with axe; a bad value is said on its field and focused.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeFormatters } from '../../src/shared/i18n/format';
import {
  button,
  connectAndSync,
  inventoryRow,
  openVehicle,
  showInLanguage,
  startDemoAndSync,
  syncNow,
  vehicleDetail,
  words,
  type Lang,
  usedCarOnPortal,
} from './helpers';

/** A listing with at least two photos, from the app's own cache. */
async function listingWithPhotos(app: Parameters<typeof startDemoAndSync>[0]): Promise<string> {
  const answer = await app.invoke('inventory.query', { window: { offset: 0, limit: 200 } });
  if (!answer.ok) throw new Error(`inventory.query failed: ${answer.error.message}`);
  const row = answer.value.rows.find((r) => r.pictureCount >= 3 && r.type === 'C' && (r.mileage ?? 0) > 0);
  if (!row) throw new Error('no used car with photos in the demo stock');
  return row.reference;
}

async function openEditForm(page: Page, reference: string, lang: Lang): Promise<Locator> {
  const t = words(lang);
  const detail = await openVehicle(page, reference, lang);
  await button(detail, t('listingEdit.open')).click();
  const form = page.getByRole('dialog', { name: t('listingEdit.title', { reference }) });
  await expect(form).toBeVisible();
  return form;
}

test('the edit form and its photo manager in both languages, a bad value said on its field', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await startDemoAndSync(app);
  const reference = await listingWithPhotos(app);

  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);
    const form = await openEditForm(page, reference, lang);
    await app.screen('edit-form', lang);

    const photos = form.getByRole('group', { name: t('listingEdit.sections.photos') });
    await photos.scrollIntoViewIfNeeded();
    await app.screen('edit-photos', lang);

    // A price that is not one, and a used car without a plate: each said on its field, the first focused.
    const price = form.getByLabel(t('listingEdit.fields.value'), { exact: true });
    await price.fill('49.990.00');
    await form.getByLabel(t('listingEdit.fields.licensePlate'), { exact: true }).fill('');
    await button(page, t('listingEdit.save')).click();
    await expect(price).toBeFocused();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(t('codes.listingWrite.plateRequired'))).toBeVisible();
    await app.screen('edit-form-errors', lang);

    await button(page, t('listingEdit.cancel')).click();
    await expect(form).toBeHidden();
  }
});

/** Types into the open form and saves it; the form closes. */
async function saveEdit(page: Page, form: Locator, lang: Lang, values: Partial<Record<'value' | 'mileage' | 'title', string>>): Promise<void> {
  const t = words(lang);
  for (const [field, typed] of Object.entries(values)) await form.getByLabel(t(`listingEdit.fields.${field as 'value'}`), { exact: true }).fill(typed);
  await button(page, t('listingEdit.save')).click();
  await expect(form).toBeHidden();
}

test.describe('edits against the sandbox', () => {
  test.use({ sandboxOptions: { vehicles: 40, seed: 5 } });

  test('an edit saved offline shows pending with the portal’s value, in the list too, and Discard takes it back unsent', async ({ app, sandbox }) => {
    const { page } = app;
    const t = words('en');
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox);
    sandbox.faults.set({ resetRate: 1 });

    const form = await openEditForm(page, car.reference, 'en');
    await saveEdit(page, form, 'en', { value: 'R$ 49.990,00' });
    const detail = vehicleDetail(page, car.title ?? '');
    const price = detail.locator('.detail__price');
    // Prices as every screen writes them (shared/i18n/format.ts).
    const money = makeFormatters('en').money;
    await expect(price).toContainText(money(49_990));
    await expect(price).toContainText(t('listingEdit.pending.mark'));
    await expect(price).toContainText(t('listingEdit.pending.portal', { value: money(car.value) }));

    // The list shows the pending price.
    await page.keyboard.press('Escape');
    const listed = inventoryRow(page, car.reference).locator('.inv-cell--value');
    await expect(listed).toContainText(money(49_990));
    // The portal's price struck under it; the words in its tooltip (and for a screen reader).
    const figure = listed.locator('[data-pending~="price"]');
    await expect(figure.locator('.inv-pending-figure__portal')).toHaveText(money(car.value));
    await expect(figure).toHaveAttribute('title', `${t('listingEdit.pending.mark')} ${t('listingEdit.pending.portal', { value: money(car.value) })}`);
    await app.screen('edit-pending-list', 'en');

    // Discarded before it was sent: the listing is as the portal has it, and nothing reaches the portal.
    await openVehicle(page, car.reference);
    await button(detail, t('listingEdit.pending.discard')).click();
    await expect(detail.getByRole('region', { name: t('listingEdit.pending.title') })).toBeHidden();
    sandbox.faults.clear();
    await syncNow(app);
    sandbox.data.applyQueue();
    expect(sandbox.data.get(car.reference)?.value).toBe(car.value);
  });

  test('the portal refuses a save on a field: its words on that field in the form, nothing lost, and Discard takes it back', async ({ app, sandbox }) => {
    test.setTimeout(180_000);
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    const t = words('en');
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox);
    // A rule Showroom cannot know: the portal answers 400 naming the title, NestJS style.
    sandbox.faults.set({ refuseWrites: { field: 'title', message: 'contains a forbidden word', references: [car.reference] } });

    const form = await openEditForm(page, car.reference, 'en');
    await form.getByLabel(t('listingEdit.fields.title'), { exact: true }).fill('Argo turbo imperdível');
    await button(page, t('listingEdit.save')).click();
    // Refused at once: the form stays open with what the dealer typed, the portal's words on the title.
    const again = page.getByRole('dialog', { name: t('listingEdit.title', { reference: car.reference }) });
    const title = again.getByLabel(t('listingEdit.fields.title'), { exact: true });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveValue('Argo turbo imperdível');
    await expect(title).toHaveAccessibleDescription(new RegExp(t('listingEdit.refusedField', { message: 'title contains a forbidden word' })));
    await app.screen('edit-refused', 'en');

    // Not fixed but taken back: nothing pending, nothing reached the portal.
    await button(page, t('listingEdit.cancel')).click();
    await expect(again).toBeHidden();
    const detail = vehicleDetail(page, car.title ?? '');
    await button(detail, t('listingEdit.pending.discard')).click();
    await expect(detail.getByRole('region', { name: t('listingEdit.pending.title') })).toBeHidden();
    sandbox.faults.clear();
    expect(sandbox.data.get(car.reference)?.title).toBe(car.title);
  });

  test('a field changed here and on the portal: mine / portal / original side by side, chosen, then sent', async ({ app, sandbox }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox);
    sandbox.faults.set({ resetRate: 1 });
    const form = await openEditForm(page, car.reference, 'en');
    await saveEdit(page, form, 'en', { value: '49990', mileage: String(car.mileage + 1000) });

    // The dealer's other software changes the price meanwhile.
    await sandbox.data.editElsewhere(car.reference, { value: 51900 });
    sandbox.faults.clear();
    await syncNow(app);

    // Looked at in Portuguese and put back, then chosen in English.
    for (const lang of ['pt-BR', 'en'] as const) {
      const t = words(lang);
      await showInLanguage(app, lang);
      const detail = await openVehicle(page, car.reference, lang);
      await button(detail, t('listingEdit.pending.resolve')).click();
      const view = page.getByRole('dialog', { name: t('listingEdit.conflict.title') });
      await expect(view.locator('tr[data-field="value"]')).toBeVisible();
      await app.screen('edit-conflict', lang);
      if (lang === 'en') {
        await view
          .getByRole('radio', { name: `${t('listingEdit.conflict.keep', { field: t('listingEdit.fields.value') })}: ${t('listingEdit.conflict.portal')}` })
          .check();
        await button(view, t('listingEdit.conflict.send')).click();
        await expect(view).toBeHidden();
      } else await button(view, t('listingEdit.cancel')).click();
    }
    await syncNow(app);
    sandbox.data.applyQueue();
    const after = sandbox.data.get(car.reference);
    expect(after?.value).toBe(51900);
    expect(after?.mileage).toBe(car.mileage + 1000);
  });
});
