// Demo mode, and a screenshot of every screen and dialog in each language (each one also checked
// with axe by app.screen: test/e2e/harness/screens.ts).
import { expect, test } from './fixtures';
import {
  button,
  listingWithPhotosOnThePortal,
  navButton,
  openFilters,
  openVehicle,
  photoButtons,
  searchBox,
  showInLanguage,
  startDemoAndSync,
  words,
} from './helpers';

test('the demo starts a practice portal, syncs it, and every screen shows', async ({ app }) => {
  // Axe takes a few seconds on each of the ~30 screens and dialogs.
  test.setTimeout(300_000);
  const { page } = app;
  await app.screen('first-run');
  await startDemoAndSync(app);
  expect(app.events.some((e) => e.event === 'sync.finished')).toBe(true);
  const listing = await listingWithPhotosOnThePortal(app);

  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);
    await app.screen('inventory', lang);
    await openFilters(page, lang);
    await app.screen('inventory-filters', lang);

    const detail = await openVehicle(page, listing.reference, lang);
    await app.screen('vehicle-detail', lang);
    await photoButtons(detail, lang).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await app.screen('photo-viewer', lang);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await button(detail, t('detail.request.unpublish')).click();
    await expect(page.getByRole('dialog', { name: t('requestDialog.unpublish.title', { count: 1 }) })).toBeVisible();
    await app.screen('unpublish-dialog', lang);
    await button(page.getByRole('dialog'), t('common.cancel')).click();
    await page.getByRole('button', { name: t('detail.back') }).click();
    await searchBox(page, lang).fill('');

    for (const screen of ['plan', 'history', 'settings'] as const) {
      await navButton(page, screen, lang).click();
      await expect(page.getByRole('heading', { level: 1, name: t(`${screen}.title`) })).toBeVisible();
      await app.screen(screen, lang);
    }
    // Settings' dialogs, and adding another account (the first-run screen, in this language).
    for (const [action, title, screen] of [
      ['settings.replaceToken', t('settings.replaceTokenTitle'), 'settings-replace-token'],
      ['settings.remove', /.+/, 'settings-remove-account'],
      ['settings.clearCache', t('settings.clearCacheTitle'), 'settings-clear-cache'],
    ] as const) {
      await button(page, t(action)).click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await app.screen(screen, lang);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await button(page, t('settings.addAccount')).click();
    // A form of its own, not the welcome page, and no demo on offer again.
    await expect(page.getByRole('heading', { level: 1, name: t('firstRun.addTitle') })).toBeVisible();
    await expect(button(page, t('demo.start'))).toHaveCount(0);
    await app.screen('first-run-add-account', lang);
    await button(page, t('common.cancel')).click();
    await navButton(page, 'inventory', lang).click();
  }
});
