// Insights on the demo: each language at 1366×768 (screenshots, axe), a bar opens the inventory
// filtered to exactly its listings (same count) by a click and by the keyboard (a top model's too), and a chart's table
// view shows the same figures.
import { expect, test } from './fixtures';
import { inventoryRows, resultCount, startDemoAndSync, words } from './helpers';

test('Insights: a bar opens its listings, by click and by keyboard, the table view, both languages', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await page.setViewportSize({ width: 1366, height: 768 });
  await startDemoAndSync(app);

  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    const openInsights = async () => {
      await page
        .getByRole('navigation')
        .getByRole('button', { name: t('nav.insights'), exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: t('codes.insights.title') })).toBeVisible();
    };
    await app.invoke('settings.set', { language: lang });
    await page.reload();
    await expect(inventoryRows(page).first()).toBeVisible();
    await openInsights();
    // Every chart drawn: one per card.
    const cards = page.locator('[data-chart]');
    await expect(cards.first().locator('svg[data-drawn]')).toBeVisible();
    await expect(page.locator('svg[data-drawn]')).toHaveCount(await cards.count());
    await app.screen('insights', lang);
    // Over time: the demo's first sync is one week, with the stock it left.
    const overTime = page.locator('[data-chart="stock-over-time"]');
    await overTime.scrollIntoViewIfNeeded();
    await expect(overTime.locator('svg[data-drawn="lines"] circle').first()).toBeVisible();
    await app.screen('insights-over-time', lang);

    // The age chart's first bar that opens listings, clicked: its count is the inventory's.
    const age = page.locator('[data-chart="age"]');
    const bar = age.locator('.insights__segment--open').first();
    const count = Number(await bar.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    await bar.click();
    await expect(inventoryRows(page).first()).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(count);

    // A brand's bar, from the keyboard: focused, then Enter.
    await openInsights();
    const brand = page.locator('[data-chart="brands"] .insights__segment--open').first();
    const brandCount = Number(await brand.getAttribute('data-count'));
    await brand.focus();
    await expect(brand).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inventoryRows(page).first()).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(brandCount);

    // A top model's bar, from the keyboard with Space: the brand and model filters, its count.
    await openInsights();
    const model = page.locator('[data-chart="models"] .insights__segment--open').first();
    const modelCount = Number(await model.getAttribute('data-count'));
    expect(modelCount).toBeGreaterThan(0);
    await model.focus();
    await page.keyboard.press('Space');
    await expect(inventoryRows(page).first()).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(modelCount);
    await expect(
      page
        .getByTestId('filter-panel')
        .getByRole('group', { name: t('filters.model') })
        .getByRole('checkbox', { checked: true }),
    ).toHaveCount(1);

    // Back on Insights, the same chart as a table, with the same figures as its bars.
    await openInsights();
    const firstCounts = await Promise.all(
      (await age.locator('.insights__segment[data-count]').all()).map(async (l) => Number(await l.getAttribute('data-count'))),
    );
    await age.getByRole('button', { name: t('insights.showTable') }).click();
    await expect(age.getByRole('table')).toBeVisible();
    await expect(age.getByRole('rowheader')).toHaveCount(5);
    const cells = (await age.locator('td').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
    for (const n of firstCounts) expect(cells).toContain(n);
    await app.screen('insights-table', lang);
  }
});
