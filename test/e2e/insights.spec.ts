// Insights on the demo: each language at 1366×768 (screenshots, axe), a bar opens the inventory
// filtered to exactly its listings (same count), and a chart's table view shows the same figures.
import { expect, test } from './fixtures';
import { inventoryRows, resultCount, startDemoAndSync, words } from './helpers';

test('Insights: a bar opens its listings, the table view, both languages', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await startDemoAndSync(app);

  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    await app.invoke('settings.set', { language: lang });
    await page.reload();
    await expect(inventoryRows(page).first()).toBeVisible();
    await page
      .getByRole('navigation')
      .getByRole('button', { name: t('nav.insights'), exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('codes.insights.title') })).toBeVisible();
    await app.screen('insights', lang);

    // The age chart's first bar that opens listings: its count is the inventory's.
    const age = page.locator('[data-chart="age"]');
    const bar = age.locator('button.insights__segment').first();
    const count = Number(await bar.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    await bar.click();
    await expect(inventoryRows(page).first()).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(count);

    // Back on Insights, the same chart as a table.
    await page
      .getByRole('navigation')
      .getByRole('button', { name: t('nav.insights'), exact: true })
      .click();
    await age.getByRole('button', { name: t('insights.showTable') }).click();
    await expect(age.getByRole('table')).toBeVisible();
    await expect(age.getByRole('rowheader')).toHaveCount(5);
    await app.screen('insights-table', lang);
  }
});
