// What a dealer sees on day one, at the sizes dealers have: a 1366×768 laptop, and the same screen
// at 150% zoom (a 911×512 page). Each screen is captured (and checked with axe) at both, in both
// languages, under test-results/screens/<lang>/<screen>-<size>.png.
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures';
import { listingWithPhotosOnThePortal, navButton, openVehicle, photoButtons, searchBox, showInLanguage, startDemoAndSync, words } from './helpers';

const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '150pct', width: 911, height: 512 },
] as const;

async function atEverySize(app: App, screen: string, lang: string, check?: (page: Page) => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await app.page.setViewportSize({ width: size.width, height: size.height });
    await check?.(app.page);
    await app.screen(`${screen}-${size.name}`, lang);
  }
}

test('every screen at 1366×768 and at 150% zoom, in both languages', async ({ app }) => {
  test.setTimeout(600_000);
  const { page } = app;
  await startDemoAndSync(app);
  const listing = await listingWithPhotosOnThePortal(app);
  for (const lang of ['en', 'pt-BR'] as const) {
    const t = words(lang);
    await showInLanguage(app, lang);
    await atEverySize(app, 'inventory', lang);
    const detail = await openVehicle(page, listing.reference, lang);
    await atEverySize(app, 'vehicle-detail', lang);
    await photoButtons(detail, lang).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await atEverySize(app, 'photo-viewer', lang);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('detail.back') }).click();
    await searchBox(page, lang).fill('');
    for (const screen of ['plan', 'history', 'settings'] as const) {
      await navButton(page, screen, lang).click();
      await expect(page.getByRole('heading', { level: 1, name: t(`${screen}.title`) })).toBeVisible();
      await atEverySize(app, screen, lang);
    }
    await navButton(page, 'inventory', lang).click();
  }
});
