// Steps many specs share, in the dealer's words. Locators are the renderer's documented
// data-testids (listed at the top of each screen and component file). Waits are on the app's
// own events (sync.finished) rather than on timing.
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { expect, type App } from './fixtures';

const finishedRuns = (app: App) => app.events.filter((e) => e.event === 'sync.finished').length;

/** Waits until `count` syncs have finished in this test, and the screen shows no sync running. */
export async function waitForSyncs(app: App, count: number, timeout = 180_000): Promise<void> {
  await expect.poll(() => finishedRuns(app), { timeout, message: `waiting for sync #${count} to finish` }).toBeGreaterThanOrEqual(count);
  await expect(app.page.getByTestId('sync-progress')).toHaveCount(0);
  await expect(app.page.getByTestId('sync-button')).toBeVisible();
}

/** Presses Sync (or Full sync) and waits until that run has finished, whatever its outcome. */
export async function syncNow(app: App, { full = false, timeout = 180_000 } = {}): Promise<void> {
  const before = finishedRuns(app);
  await app.page.getByTestId(full ? 'sync-full-button' : 'sync-button').click();
  await waitForSyncs(app, before + 1, timeout);
}

/** First run: fill the connect form for the sandbox portal. */
export async function fillConnectForm(page: Page, sandbox: Pick<Sandbox, 'baseUrl'>, token: string, name = 'Auto Center Test'): Promise<void> {
  await expect(page.getByTestId('first-run')).toBeVisible();
  await page.getByTestId('account-name-input').fill(name);
  await page.getByTestId('base-url-input').fill(sandbox.baseUrl);
  await page.getByTestId('token-input').fill(token);
}

/** Saves the filled form; the app then syncs the new account by itself. */
export async function saveAccountAndWaitForFirstSync(app: App, timeout?: number): Promise<void> {
  const before = finishedRuns(app);
  await app.page.getByTestId('save-account').click();
  await expect(app.page.getByTestId('topbar')).toBeVisible();
  await waitForSyncs(app, before + 1, timeout);
}

/** Connects to the fixture's sandbox with its valid token and waits for the first sync. */
export async function connectAndSync(app: App, sandbox: Sandbox, timeout?: number): Promise<void> {
  await fillConnectForm(app.page, sandbox, sandbox.integrationToken);
  await saveAccountAndWaitForFirstSync(app, timeout);
  await expect(app.page.getByTestId('inventory-row').first()).toBeVisible();
}

/** Demo mode from the first-run screen; the app syncs the demo portal by itself. */
export async function startDemoAndSync(app: App): Promise<void> {
  const before = finishedRuns(app);
  await app.page.getByTestId('demo-start').click();
  await expect(app.page.getByTestId('topbar')).toBeVisible();
  await waitForSyncs(app, before + 1);
  await expect(app.page.getByTestId('inventory-row').first()).toBeVisible();
}

/** The number in the result count ("1,234 listings" → 1234). */
export async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Searches for one reference and opens its detail. */
export async function openVehicle(page: Page, reference: string): Promise<void> {
  await page.getByTestId('inventory-search').fill(reference);
  const row = page.locator(`[data-testid="inventory-row"][data-reference="${reference}"]`);
  await expect.poll(() => resultCount(page)).toBe(1);
  await expect(page.getByTestId('inventory-row')).toHaveCount(1);
  await row.getByTestId('row-open').click();
  await expect(page.getByTestId('vehicle-detail')).toHaveAttribute('data-reference', reference);
}

/** Shows the filter panel (it starts open on wide windows). */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByTestId('toggle-filters');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('filter-panel')).toBeVisible();
}
