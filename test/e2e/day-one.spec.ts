// What a dealer sees on day one: the small things (every screen at 1366×768 and at 150% zoom,
// in both languages, is captured by screens.spec.ts).
import { expect, test } from './fixtures';
import { connectAndSync, syncProgress, topBarButton, words } from './helpers';

const t = words('en');

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
