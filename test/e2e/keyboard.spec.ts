// The app with the keyboard alone: from the first run to a listing's photos and its unpublish
// dialog and back to the list. Only page.keyboard acts (no click, fill or focus); the checks
// read where the focus is, which is what a keyboard user sees.
import { expect, test } from './fixtures';
import {
  button,
  connectAndSync,
  inventoryRow,
  inventoryRows,
  listingWithPhotosOnThePortal,
  openFilters,
  photoButtons,
  resultCount,
  searchBox,
  tabTo,
  vehicleDetail,
  waitForSyncs,
  withNumbers,
  words,
} from './helpers';

const t = words('en');

test('first run → demo → search → detail → photo viewer → unpublish dialog → back, without the mouse', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;

  // First run: Tab to "Explore the demo", Enter.
  await tabTo(page, button(page, t('demo.start')));
  await page.keyboard.press('Enter');
  await waitForSyncs(app, 1);
  await expect(inventoryRows(page).first()).toBeVisible();
  const listing = await listingWithPhotosOnThePortal(app);

  // Search: Ctrl+F, type the reference.
  await page.keyboard.press('Control+f');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(listing.reference);
  await expect.poll(() => resultCount(page)).toBe(1);
  await expect(inventoryRows(page)).toHaveCount(1);

  // Fold the filters away, into the list, onto the row, open it.
  const filters = page.getByRole('button', { name: new RegExp(`^${t('inventory.filters')}`) });
  await tabTo(page, filters);
  if ((await filters.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  const grid = page.getByRole('grid');
  await tabTo(page, grid);
  await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('aria-activedescendant', (await inventoryRow(page, listing.reference).getAttribute('id')) ?? 'a row');
  await page.keyboard.press('Enter');
  const detail = vehicleDetail(page, listing.title);
  await expect(detail).toContainText(listing.reference);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeFocused();

  // The photo viewer: open the first photo, the next one with →, close with Esc.
  await tabTo(page, photoButtons(detail).first());
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toHaveAccessibleName(withNumbers(t('photos.position', { n: 1, total: '#', order: '#' })));
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAccessibleName(withNumbers(t('photos.position', { n: 2, total: '#', order: '#' })));
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(photoButtons(detail).first()).toBeFocused();

  // The unpublish dialog (its button comes before the photos): it opens on Cancel; Esc closes it.
  const unpublish = button(detail, t('detail.request.unpublish'));
  await tabTo(page, unpublish, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t('requestDialog.unpublish.title', { count: 1 }) });
  await expect(dialog).toBeVisible();
  await expect(button(dialog, t('common.cancel'))).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(unpublish).toBeFocused();

  // Back to the list, which takes the keyboard again on the row it left.
  await tabTo(page, page.getByRole('button', { name: t('detail.back') }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(grid).toBeFocused();
  await expect(inventoryRow(page, listing.reference)).toBeVisible();
  await app.screen('keyboard-back-to-list');
});

test.describe('the list and a listing with the keyboard', () => {
  test.use({ sandboxOptions: { vehicles: 30 } });

  test('skip link, ↓ from the search, Esc and Alt+← out of a listing', async ({ app, sandbox }) => {
    const { page } = app;
    await connectAndSync(app, sandbox);
    const grid = page.getByRole('grid');

    // The first Tab lands on the skip link; Enter puts the keyboard in the list.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: t('inventory.skipToList') });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(grid).toBeFocused();

    // From the search box, ↓ goes on into the list, on its first row.
    await page.keyboard.press('Control+f');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(grid).toBeFocused();
    const first = inventoryRows(page).first();
    await expect(grid).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'the first row');

    // Enter opens the listing; Esc leaves it; Alt+← as well.
    for (const key of ['Escape', 'Alt+ArrowLeft']) {
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: t('detail.back') })).toBeVisible();
      await page.keyboard.press(key);
      await expect(page.getByRole('button', { name: t('detail.back') })).toHaveCount(0);
      await expect(grid).toBeFocused();
    }
  });

  test('select all with a count, a range with Shift, and only the actions that apply', async ({ app, sandbox }) => {
    const { page } = app;
    await connectAndSync(app, sandbox);
    const grid = page.getByRole('grid');
    const total = await resultCount(page);
    const bar = page.getByRole('region', { name: withNumbers(t('inventory.selected', { count: 2 }).replace('2', '#')) });

    await tabTo(page, grid);
    await page.keyboard.press('Control+a');
    await expect(page.getByRole('region', { name: t('inventory.selected', { count: total }) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: t('inventory.selectAll', { count: total }) })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);

    // Only listings on the portal: a click, then Shift+click four rows down picks the five.
    await openFilters(page);
    await page.getByRole('checkbox', { name: new RegExp(`^${t('filters.portalOn')}`) }).check();
    const rows = inventoryRows(page);
    await rows.nth(0).getByRole('checkbox').click();
    await rows
      .nth(4)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    const five = page.getByRole('region', { name: t('inventory.selected', { count: 5 }) });
    await expect(five).toBeVisible();
    for (let i = 0; i < 5; i++) await expect(rows.nth(i)).toHaveAttribute('aria-selected', 'true');
    await expect(rows.nth(5)).toHaveAttribute('aria-selected', 'false');
    // On the portal already: no "Publish again".
    await expect(button(five, t('detail.request.publish'))).toHaveCount(0);
    await expect(button(five, t('inventory.unpublishSelected'))).toBeVisible();
  });
});
