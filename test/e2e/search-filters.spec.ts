// Search and every kind of filter (a list of values, a yes/no flag, a range) narrow the list,
// and the count matches what the sandbox holds.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { connectAndSync, openFilters, resultCount } from './helpers';

test.use({ sandboxOptions: { vehicles: 400, seed: 7 } });

async function refs(page: Page): Promise<string[]> {
  return page.getByTestId('inventory-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reference') ?? ''));
}

test('search by title, reference and plate, and each kind of filter', async ({ app, sandbox }) => {
  const { page } = app;
  await connectAndSync(app, sandbox);
  const stock = sandbox.data.list();
  expect(await resultCount(page)).toBe(stock.length);

  // Free text: a reference, then a plate typed without punctuation.
  const target = stock[17]!;
  await page.getByTestId('inventory-search').fill(target.reference);
  await expect.poll(() => refs(page)).toContain(target.reference);
  await page.getByTestId('inventory-search').fill(target.licensePlate.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
  await expect.poll(() => refs(page)).toContain(target.reference);
  await page.getByTestId('inventory-search').fill('');

  await openFilters(page);
  // A list of values: one fuel.
  const fuel = target.fuel;
  await page.locator(`[data-testid="filter-fuel-option"][data-value="${fuel}"]`).check();
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.fuel === fuel).length);
  await app.screen('inventory-filtered-fuel');
  await page.getByTestId('clear-filters').click();

  // A range: price.
  await page.getByTestId('filter-price-min').fill('50000');
  await page.getByTestId('filter-price-max').fill('90000');
  await page.getByTestId('filter-price-max').press('Enter');
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.value >= 50_000 && v.value <= 90_000).length);
  await page.getByTestId('clear-filters').click();

  // A flag: on the portal or not.
  await page.locator('[data-testid="filter-portal-option"][data-value="off"]').check();
  await expect.poll(() => resultCount(page)).toBe(stock.filter((v) => v.publication === null).length);
});
