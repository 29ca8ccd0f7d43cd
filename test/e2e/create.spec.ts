// New listings against the sandbox, at a 1366×768 laptop: one typed from scratch in the form while
// the portal cannot be reached (kept as a draft), sent by the next sync, "being created" while the
// portal answers 202 for it, then in the inventory once a sync reads it; a duplicate of a listing
// under a new reference, a reference already taken said on its field. The form is captured in both
// languages and checked with axe.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { button, connectAndSync, inventoryRow, openVehicle, showInLanguage, syncNow, words, type Lang, usedCarOnPortal } from './helpers';

test.use({ sandboxOptions: { vehicles: 40, seed: 5 } });

const newListingsPanel = (page: Page): Locator => page.getByTestId('new-listings');
const pendingItem = (page: Page, reference: string): Locator => newListingsPanel(page).locator(`li[data-reference="${reference}"]`);

test('a new listing typed offline: kept as a draft, sent by the next sync, being created, then in the inventory', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await connectAndSync(app, sandbox);
  const car = usedCarOnPortal(sandbox);
  // The portal keeps the create in its queue (answering 202 for it) until the test applies it.
  sandbox.data.setQueueDelay(Infinity);
  sandbox.faults.set({ resetRate: 1 });

  for (const lang of ['pt-BR', 'en'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);
    await button(page, t('newListing.open')).click();
    const form = page.getByRole('dialog', { name: t('newListing.title') });
    await expect(form).toBeVisible();
    await app.screen('new-listing-form', lang);
    if (lang === 'pt-BR') {
      // Saved empty: every required field said on itself, the reference first and focused.
      await button(page, t('listingEdit.save')).click();
      const reference = form.getByLabel(t('listingEdit.fields.reference'), { exact: true });
      await expect(reference).toBeFocused();
      await expect(reference).toHaveAttribute('aria-invalid', 'true');
      await app.screen('new-listing-form-errors', lang);
      await button(page, t('listingEdit.cancel')).click();
      await expect(form).toBeHidden();
    }
  }

  const t = words('en');
  const form = page.getByRole('dialog', { name: t('newListing.title') });
  const field = (name: string) => form.getByLabel(t(`listingEdit.fields.${name as 'value'}`), { exact: true });
  await field('reference').fill('E2E-NEW-1');
  await field('brand').selectOption(String(car.brand.id));
  await field('model').selectOption(String(car.trim.modelId));
  await field('trim').selectOption(String(car.trim.id));
  await field('manufacturedYear').fill('2024');
  await field('color').selectOption('BLACK');
  await field('fuel').selectOption('FLEX');
  await field('gearbox').selectOption('MANUAL');
  await field('doors').fill('4');
  await field('mileage').fill('0');
  await field('value').fill('R$ 89.990,00');
  await field('title').fill('Zero km da loja');
  await form.getByLabel(t('listingEdit.photos.addLabel'), { exact: true }).fill(car.pictures[0]!.source);
  await button(form, t('listingEdit.photos.add')).click();
  await button(page, t('listingEdit.save')).click();
  await expect(form).toBeHidden();

  // Offline: a draft, listed above the inventory.
  await expect(pendingItem(page, 'E2E-NEW-1')).toHaveAttribute('data-state', 'draft');
  await expect(pendingItem(page, 'E2E-NEW-1')).toContainText(t('newListing.state.draft'));
  expect(sandbox.stats.count('POST /vehicles', 202)).toBe(0);

  // Online: the next sync sends it; the portal is creating it.
  sandbox.faults.clear();
  await syncNow(app);
  await expect(pendingItem(page, 'E2E-NEW-1')).toHaveAttribute('data-state', 'creating');
  await expect(pendingItem(page, 'E2E-NEW-1')).toContainText(t('newListing.state.creating'));
  expect(sandbox.stats.count('POST /vehicles', 202)).toBe(1);

  // Created: the next sync reads it into the inventory, and it leaves the list of new listings.
  sandbox.data.applyQueue();
  await sandbox.data.settle();
  await syncNow(app);
  await expect(newListingsPanel(page)).toBeHidden();
  await expect(inventoryRow(page, 'E2E-NEW-1')).toBeVisible();
  expect(sandbox.data.get('E2E-NEW-1')).toMatchObject({ value: 89_990, title: 'Zero km da loja', publication: expect.anything() });
  expect(sandbox.stats.count('POST /vehicles', 202)).toBe(1);
});

test('a duplicate under a new reference; the reference of a listing in stock is said on its field', async ({ app, sandbox }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await connectAndSync(app, sandbox);
  const car = usedCarOnPortal(sandbox);

  for (const lang of ['en', 'pt-BR'] as const satisfies readonly Lang[]) {
    const t = words(lang);
    await showInLanguage(app, lang);
    const detail = await openVehicle(page, car.reference, lang);
    await button(detail, t('newListing.duplicate')).click();
    const form = page.getByRole('dialog', { name: t('newListing.titleFrom', { reference: car.reference }) });
    await expect(form).toBeVisible();
    const reference = form.getByLabel(t('listingEdit.fields.reference'), { exact: true });
    await reference.fill(car.reference);
    await button(page, t('listingEdit.save')).click();
    await expect(form.getByText(t('codes.listingWrite.referenceTaken', { reference: car.reference }))).toBeVisible();
    await expect(reference).toBeFocused();
    await app.screen('new-listing-duplicate', lang);
    if (lang === 'en') {
      await button(page, t('listingEdit.cancel')).click();
      await expect(form).toBeHidden();
      continue;
    }
    await reference.fill('E2E-DUP-1');
    await form.getByLabel(t('listingEdit.fields.value'), { exact: true }).fill('51.900');
    await button(page, t('listingEdit.save')).click();
    await expect(form).toBeHidden();
  }

  await showInLanguage(app, 'en');
  await page.keyboard.press('Escape');
  await expect(pendingItem(page, 'E2E-DUP-1')).toHaveAttribute('data-state', 'creating');
  await sandbox.data.settle();
  await syncNow(app);
  await expect(inventoryRow(page, 'E2E-DUP-1')).toBeVisible();
  expect(sandbox.data.get('E2E-DUP-1')).toMatchObject({ value: 51_900, mileage: car.mileage, trim: { id: car.trim.id } });
  expect(sandbox.data.get('E2E-DUP-1')?.pictures).toHaveLength(car.pictures.length);
});
