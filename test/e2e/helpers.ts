// Steps many specs share, in the dealer's words. Elements are found as the dealer (and a screen
// reader) finds them: by role and accessible name, the names taken from the app's own
// dictionaries (src/shared/i18n), so a spec reads in either language and follows the copy.
// A test id only where no role tells an element apart (the result count, a status without a
// name). Waits are on the app's own events (sync.finished) rather than on timing.
import type { Locator, Page } from '@playwright/test';
import i18next, { type TFunction } from 'i18next';
import type { Sandbox } from '../../src/sandbox';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { expect, type App } from './fixtures';

export type Lang = 'en' | 'pt-BR';

const dictionaries = { en, 'pt-BR': ptBR } as const;
const translators = new Map<Lang, TFunction>();

/** The app's texts in one language, with i18next's own interpolation and plurals. */
export function words(lang: Lang = 'en'): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({ lng: lang, resources: { [lang]: { translation: dictionaries[lang] } }, initAsync: false, interpolation: { escapeValue: false } });
    t = instance.t;
    translators.set(lang, t);
  }
  return t;
}

const t = words('en');

/** Matches any of these texts, as they are (no pattern characters). */
export const anyOf = (...texts: string[]): RegExp => new RegExp(texts.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

/** A button by its exact accessible name. */
export const button = (scope: Page | Locator, name: string): Locator => scope.getByRole('button', { name, exact: true });

/** The top bar's Sync (or Read all again) button: an empty inventory offers a Sync button of its own. */
export const topBarButton = (page: Page, name: string): Locator => button(page.getByRole('banner'), name);

/** The running sync's panel. */
export const syncProgress = (page: Page, lang: Lang = 'en'): Locator => page.getByRole('region', { name: words(lang)('sync.progressLabel') });

/** The inventory's listing rows (not the header, not rows still loading). */
export const inventoryRows = (page: Page): Locator =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell').getByRole('checkbox') });

/** One listing's row, by its reference. */
export const inventoryRow = (page: Page, reference: string): Locator =>
  // The checkbox's name is the same in both languages but for its verb: match the reference.
  inventoryRows(page).filter({ has: page.getByRole('checkbox', { name: new RegExp(` ${anyOf(reference).source}$`) }) });

export const searchBox = (page: Page, lang: Lang = 'en'): Locator => page.getByRole('searchbox', { name: words(lang)('inventory.searchLabel') });

export const navButton = (page: Page, screen: 'inventory' | 'plan' | 'history' | 'settings', lang: Lang = 'en'): Locator =>
  page.getByRole('navigation').getByRole('button', { name: words(lang)(`nav.${screen}`), exact: true });

const finishedRuns = (app: App) => app.events.filter((e) => e.event === 'sync.finished').length;

/** Waits until `count` syncs have finished in this test, and the screen shows no sync running. */
export async function waitForSyncs(app: App, count: number, timeout = 180_000): Promise<void> {
  await expect.poll(() => finishedRuns(app), { timeout, message: `waiting for sync #${count} to finish` }).toBeGreaterThanOrEqual(count);
  await expect(syncProgress(app.page)).toHaveCount(0);
  await expect(topBarButton(app.page, t('sync.button'))).toBeVisible();
}

/** Presses Sync (or Read all again) and waits until that run has finished, whatever its outcome. */
export async function syncNow(app: App, { full = false, timeout = 180_000 } = {}): Promise<void> {
  const before = finishedRuns(app);
  await topBarButton(app.page, full ? t('sync.full') : t('sync.button')).click();
  await waitForSyncs(app, before + 1, timeout);
}

/** First run: fill the connect form for the sandbox portal. */
export async function fillConnectForm(page: Page, sandbox: Pick<Sandbox, 'baseUrl'>, token: string, name = 'Auto Center Test'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: anyOf(t('firstRun.title'), t('firstRun.addTitle')) })).toBeVisible();
  await page.getByRole('textbox', { name: t('connect.name') }).fill(name);
  await page.getByRole('textbox', { name: t('connect.baseUrl') }).fill(sandbox.baseUrl);
  // A password field has no role: its label is its accessible name.
  await page.getByLabel(t('connect.token'), { exact: true }).fill(token);
}

/** Saves the filled form; the app then syncs the new account by itself. */
export async function saveAccountAndWaitForFirstSync(app: App, timeout?: number): Promise<void> {
  const before = finishedRuns(app);
  await button(app.page, t('connect.save')).click();
  // Saving tests the connection and stores the token in the keychain first: on a busy machine
  // that has stayed "Saving…" past the 10 s an expectation waits by default.
  await expect(app.page.getByRole('banner')).toBeVisible({ timeout: 60_000 });
  await waitForSyncs(app, before + 1, timeout);
}

/** Connects to the fixture's sandbox with its valid token and waits for the first sync. */
export async function connectAndSync(app: App, sandbox: Sandbox, timeout?: number): Promise<void> {
  await fillConnectForm(app.page, sandbox, sandbox.integrationToken);
  await saveAccountAndWaitForFirstSync(app, timeout);
  await expect(inventoryRows(app.page).first()).toBeVisible();
}

/** Demo mode from the first-run screen; the app syncs the demo portal by itself. */
export async function startDemoAndSync(app: App): Promise<void> {
  const before = finishedRuns(app);
  await button(app.page, t('demo.start')).click();
  // Starting the demo builds its portal first (its stock, its photos): on a cold, busy machine that
  // has taken longer than the 10 s an expectation waits by default.
  await expect(app.page.getByRole('banner')).toBeVisible({ timeout: 60_000 });
  await waitForSyncs(app, before + 1);
  await expect(inventoryRows(app.page).first()).toBeVisible();
}

/** The app in this language from a fresh page, its inventory drawn. */
export async function showInLanguage(app: App, lang: Lang): Promise<void> {
  await app.invoke('settings.set', { language: lang });
  await app.page.reload();
  await expect(inventoryRows(app.page).first()).toBeVisible();
}

/** The number in the result count ("1,234 listings" → 1234): a status with no name of its own. */
export async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('result-count').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The open listing's page: the region its title heading names. */
export const vehicleDetail = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** Searches for one reference and opens its detail; returns the listing's page. */
export async function openVehicle(page: Page, reference: string, lang: Lang = 'en'): Promise<Locator> {
  await searchBox(page, lang).fill(reference);
  await expect.poll(() => resultCount(page)).toBe(1);
  await expect(inventoryRows(page)).toHaveCount(1);
  const open = inventoryRow(page, reference).getByRole('button');
  const title = (await open.textContent()) ?? '';
  await open.click();
  const detail = vehicleDetail(page, title);
  await expect(detail).toContainText(reference);
  return detail;
}

/** Shows the filter panel (it starts open on wide windows). */
export async function openFilters(page: Page, lang: Lang = 'en'): Promise<Locator> {
  const name = words(lang)('inventory.filters');
  // Its name may carry the count of filters on ("Filters 2"); "Clear filters" is another button.
  const toggle = page.getByRole('button', { name: new RegExp(`^${anyOf(name).source}`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panel = page.getByRole('complementary', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** A listing on the portal with photos, that can be unpublished: asked of the app's own cache. */
export async function listingWithPhotosOnThePortal(app: App): Promise<{ reference: string; title: string }> {
  const answer = await app.invoke('inventory.query', { filters: { portal: ['on'] }, window: { offset: 0, limit: 200 } });
  if (!answer.ok) throw new Error(`inventory.query failed: ${answer.error.message}`);
  const row = answer.value.rows.find((r) => r.pictureCount > 1 && r.publication.unpublish === 'none');
  if (!row) throw new Error('no listing on the portal with photos in this stock');
  return { reference: row.reference, title: row.title ?? '' };
}

/** The photo buttons of a listing's gallery ("Open photo 3"). */
export const photoButtons = (scope: Locator, lang: Lang = 'en'): Locator =>
  scope.getByRole('button', { name: new RegExp(`^${anyOf(words(lang)('photos.open', { position: '' }).trim()).source} \\d+$`) });

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 150): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= limit; presses++) {
    if (await target.evaluate((el: unknown) => el === (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} was not reached in ${limit} presses of ${key}`);
}

/** A name with numbers in it, from a dictionary text whose numeric values are `#`. */
export const withNumbers = (text: string): RegExp => new RegExp(`^${anyOf(text).source.replace(/#/g, '\\d+')}$`);

/**
 * The portal's plan loses one listing slot, so the portal takes listings off (as production does
 * on a plan change): the listings it dropped, in the sandbox's order (at least one).
 */
export function planDropsListings(sandbox: Sandbox): ReturnType<Sandbox['data']['list']> {
  const onBefore = new Set(
    sandbox.data
      .list()
      .filter((v) => v.publication !== null)
      .map((v) => v.reference),
  );
  sandbox.data.setPlan({ adsQuantity: onBefore.size - 1 });
  const dropped = sandbox.data.list().filter((v) => v.publication === null && onBefore.has(v.reference));
  if (dropped.length === 0) throw new Error('the plan dropped no listing');
  return dropped;
}

/** A used car on the portal with photos (priced above `minValue`), from the sandbox's stock (to edit, reprice, or start a new listing from). */
export function usedCarOnPortal(sandbox: Sandbox, minValue = 0): ReturnType<Sandbox['data']['list']>[number] {
  const car = sandbox.data.list().find((v) => v.type === 'C' && v.mileage > 0 && v.publication !== null && v.pictures.length >= 2 && v.value > minValue);
  if (!car) throw new Error('no used car on the portal in this stock');
  return car;
}
