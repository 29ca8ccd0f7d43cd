// Editing a listing from its detail, on the demo at a 1366×768 laptop: the form, its photo manager
// and (once an edit meets a change made on the portal) the conflict view, each captured in both
// languages and checked with axe; a bad value is said on its field and focused.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { button, openVehicle, showInLanguage, startDemoAndSync, words, type Lang } from './helpers';

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
    await price.fill('49,990.00');
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
