// Search and every kind of filter (a list of values, a yes/no flag, a range) narrow the list,
// and the count matches what the sandbox holds.
import { enumLabel } from '../../src/shared/i18n/enums';
import { expect, test } from './fixtures';
import { anyOf, button, connectAndSync, inventoryRow, openFilters, resultCount, searchBox, words } from './helpers';

test.use({ sandboxOptions: { vehicles: 400, seed: 7 } });

const t = words('en');

test('search by title, reference and plate, and each kind of filter', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const stock = sandbox.data.list();
  expect(await resultCount(page)).toBe(stock.length);

  // Free text: a reference, then a plate typed without punctuation.
  const target = stock[17]!;
  await searchBox(page).fill(target.reference);
  await expect(inventoryRow(page, target.reference)).toBeVisible();
  await searchBox(page).fill(target.licensePlate.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
  await expect(inventoryRow(page, target.reference)).toBeVisible();
  await searchBox(page).fill('');

  const panel = await openFilters(page);
  // The page itself never scrolls, only the list and the filter panel inside it: the panel's
  // screen-reader-only labels once escaped its scrolling and let the window scroll past its bottom.
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerHeight: number; document: { documentElement: { scrollHeight: number } } };
    return w.document.documentElement.scrollHeight - w.innerHeight;
  });
  expect(overflow).toBe(0);
  // An option's name is its label and its count: "Flex (123)".
  const option = (group: string, label: string) =>
    panel.getByRole('group', { name: group, exact: true }).getByRole('checkbox', { name: new RegExp(`^${anyOf(label).source} \\(`) });
  const clearFilters = button(panel, t('inventory.clearFilters'));

  // A list of values: one fuel.
  const fuel = target.fuel;
  await option(t('filters.fuel'), enumLabel('en', 'fuel', fuel)).check();
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.fuel === fuel).length);
  await app.screen('inventory-filtered-fuel');
  await clearFilters.click();

  // A range: price.
  const price = (end: 'min' | 'max') => panel.getByRole('textbox', { name: `${t('filters.price')} — ${t(`filters.${end}`)}`, exact: true });
  await price('min').fill('50000');
  await price('max').fill('90000');
  await price('max').press('Enter');
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.value >= 50_000 && v.value <= 90_000).length);
  await clearFilters.click();

  // A flag: on the portal or not.
  await option(t('filters.portal'), t('filters.portalOff')).check();
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.publication === null).length);
});
