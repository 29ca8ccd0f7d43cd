// What a dealer sees on day one, at the sizes dealers have: a 1366×768 laptop, and the same screen
// at 150% zoom (a 911×512 page). Each screen is captured (and checked with axe) at both, in both
// languages, under test-results/screens/<lang>/<screen>-<size>.png.
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures';
import {
  connectAndSync,
  listingWithPhotosOnThePortal,
  navButton,
  openVehicle,
  photoButtons,
  searchBox,
  showInLanguage,
  startDemoAndSync,
  syncProgress,
  topBarButton,
  words,
} from './helpers';

const t = words('en');

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

test.describe('the small things', () => {
  test.use({ sandboxOptions: { vehicles: 30 } });

  test('no request of the page goes unanswered (a favicon included); the sidebar icons keep their size', async ({ app, sandbox }) => {
    const { page } = app;
    const missing: string[] = [];
    page.on('response', (response) => {
      // A row's cover may not be in the cache yet when the rows of a first sync show (the thumbnail asks again later).
      const path = new URL(response.url()).pathname;
      if (response.status() === 404 && !path.startsWith('/photo/')) missing.push(path);
    });
    await page.reload();
    await connectAndSync(app, sandbox);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    expect((await page.request.get(new URL(icon ?? '', page.url()).href)).status()).toBe(200);
    expect(missing).toEqual([]);

    await page.setViewportSize({ width: 1366, height: 768 });
    const icons = page.getByRole('navigation').locator('svg');
    const widths: number[] = [];
    for (const svg of await icons.all()) widths.push(Math.round((await svg.boundingBox())?.width ?? 0));
    expect(widths.length).toBeGreaterThan(3);
    expect(new Set(widths)).toEqual(new Set([18]));
  });

  test('the sync progress shows over the page, which stays where it was', async ({ app, sandbox }) => {
    const { page } = app;
    await connectAndSync(app, sandbox);
    const main = page.getByRole('main');
    const top = async () => (await main.boundingBox())?.y;
    const before = await top();
    // The portal holds its answers to the list: the sync stays under way while the page is measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    sandbox.faults.set({ onListRequest: () => held });
    await topBarButton(page, t('sync.button')).click();
    await expect(syncProgress(page)).toBeVisible();
    expect(await top()).toBe(before);
    sandbox.faults.clear();
    release();
    await expect(syncProgress(page)).toHaveCount(0);
    expect(await top()).toBe(before);
  });
});
