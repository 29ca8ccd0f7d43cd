// Demo mode, and a screenshot of every screen in each language.
import { expect, test } from './fixtures';
import { openFilters, startDemoAndSync } from './helpers';

test('the demo starts a practice portal, syncs it, and every screen shows', async ({ app }) => {
  const { page } = app;
  await app.screen('first-run');
  await startDemoAndSync(app);
  expect(app.events.some((e) => e.event === 'sync.finished')).toBe(true);

  for (const lang of ['en', 'pt-BR'] as const) {
    await app.invoke('settings.set', { language: lang });
    await page.reload();
    await expect(page.getByTestId('inventory-screen')).toBeVisible();
    await app.screen('inventory', lang);
    await openFilters(page);
    await app.screen('inventory-filters', lang);
    await page.getByTestId('row-open').first().click();
    await expect(page.getByTestId('vehicle-detail')).toBeVisible();
    await app.screen('vehicle-detail', lang);
    await page.getByTestId('detail-back').click();
    for (const [nav, screen] of [['nav-plan', 'plan-screen'], ['nav-history', 'history-screen'], ['nav-settings', 'settings-screen']] as const) {
      await page.getByTestId(nav).click();
      await expect(page.getByTestId(screen)).toBeVisible();
      await app.screen(screen.replace('-screen', ''), lang);
    }
    await page.getByTestId('nav-inventory').click();
  }
});
