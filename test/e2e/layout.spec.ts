// The layout holds at the sizes dealers have (issue 32, item 7), measured box by box rather than
// looked at: a 1366×768 laptop, a 1920×1080 screen, and the laptop at 150% zoom (a 911×512 page
// at 1.5 device pixels per CSS pixel), in both languages. No label of the filter panel is cut, a
// listing's title has the room of its row, the sort arrows and the filter menus are whole, the
// sidebar folds to icons with its count whole, the top bar's actions stay on screen, and the sync
// history's table fits the window with its change list.
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures';
import { navButton, openFilters, showInLanguage, startDemoAndSync, words, type Lang } from './helpers';

const LANGS: readonly Lang[] = ['en', 'pt-BR'];

/** What the measures read of an element (the e2e code is typed without the DOM's library). */
interface Rect {
  left: number;
  right: number;
  top: number;
}
interface Measured {
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  parentElement: Measured | null;
  ownerDocument: { documentElement: { clientWidth: number } };
  getAttribute(name: string): string | null;
  getClientRects(): { length: number };
  getBoundingClientRect(): Rect;
  closest(selector: string): Measured | null;
}

/** The elements matching `selector` whose text does not fit their box (cut or hidden by an ellipsis). */
async function overflowing(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((nodes) =>
      (nodes as unknown as Measured[])
        .filter((e) => e.getClientRects().length > 0 && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
        .map((e) => `${(e.textContent ?? '').trim()} (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`),
    );
}

/** The elements matching `selector` that reach outside the window, or outside their `within` ancestor. */
async function outside(page: Page, selector: string, within?: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes, container) => {
    const out: string[] = [];
    for (const e of nodes as unknown as Measured[]) {
      if (e.getClientRects().length === 0) continue;
      const box = e.getBoundingClientRect();
      const bound = container ? (e.parentElement?.closest(container)?.getBoundingClientRect() ?? null) : null;
      const left = Math.max(0, bound?.left ?? 0);
      const right = Math.min(e.ownerDocument.documentElement.clientWidth, bound?.right ?? Infinity);
      const top = Math.max(0, bound?.top ?? 0);
      if (box.left < left - 0.5 || box.right > right + 0.5 || box.top < top - 0.5)
        out.push(
          `${(e.textContent ?? e.getAttribute('aria-label') ?? '').trim()} [${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(left)}–${Math.round(right)}]`,
        );
    }
    return out;
  }, within ?? null);
}

/** The list's badges that its status cell's clip hides, wholly or in part (below the badges' box). */
async function badgesHidden(page: Page): Promise<string[]> {
  return page.locator('.inv-body .badges').evaluateAll((nodes) =>
    (nodes as unknown as (Measured & { querySelectorAll(s: string): Iterable<Measured> })[]).flatMap((box) => {
      const bottom = box.getBoundingClientRect().top + box.clientHeight;
      return [...box.querySelectorAll('.badge')]
        .filter((b) => (b.getBoundingClientRect() as Rect & { bottom: number }).bottom > bottom + 0.5)
        .map((b) => (b.textContent ?? '').trim());
    }),
  );
}

/** The search box's placeholder when its text is wider than the box's room for text (an input clips it without a scroll width to measure). */
async function placeholderCut(page: Page): Promise<string[]> {
  return page.getByTestId('inventory-search').evaluateAll((nodes) => {
    interface Context {
      font: string;
      measureText(text: string): { width: number };
    }
    interface Input {
      placeholder: string;
      clientWidth: number;
      ownerDocument: {
        defaultView: { getComputedStyle(e: unknown): { font: string; paddingLeft: string; paddingRight: string } };
        createElement(tag: 'canvas'): { getContext(kind: '2d'): Context };
      };
    }
    return (nodes as unknown as Input[]).flatMap((input) => {
      const style = input.ownerDocument.defaultView.getComputedStyle(input);
      const context = input.ownerDocument.createElement('canvas').getContext('2d');
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = context.measureText(input.placeholder).width;
      return width > room + 0.5 ? [`${input.placeholder} (${Math.ceil(width)} px in ${Math.floor(room)})`] : [];
    });
  });
}

async function expectInventoryWhole(page: Page, where: string): Promise<void> {
  expect(await placeholderCut(page), `the search's placeholder cut (${where})`).toEqual([]);
  expect(await overflowing(page, '.filter-panel .check__label, .filter-panel legend, .flag-filter label'), `filter labels cut (${where})`).toEqual([]);
  expect(await outside(page, '.flag-filter select', '.filter-panel'), `filter menus clipped (${where})`).toEqual([]);
  expect(await overflowing(page, '.inv-body .inv-title'), `titles cut (${where})`).toEqual([]);
  expect(
    await overflowing(page, '.inv-body :is(.inv-cell--reference, .inv-cell--modelYear, .inv-cell--value, .inv-cell--mileage, .inv-cell--updatedAt)'),
    `figures cut (${where})`,
  ).toEqual([]);
  expect(await outside(page, '.inv-row--header .sort-button', '.inv-cell'), `sort buttons clipped (${where})`).toEqual([]);
  expect(await overflowing(page, '.inv-row--header .inv-cell'), `column headers cut (${where})`).toEqual([]);
  expect(await overflowing(page, '.inv-body .badge, .nav__count'), `badges cut (${where})`).toEqual([]);
  expect(await outside(page, '.inv-body .badge', '.inv-cell'), `badges clipped by their column (${where})`).toEqual([]);
  expect(await badgesHidden(page), `badges hidden below their cell (${where})`).toEqual([]);
  expect(await outside(page, '.nav__count', '.nav'), `sidebar counts clipped (${where})`).toEqual([]);
  expect(await outside(page, '[role="banner"] button, .inventory__toolbar button'), `actions off screen (${where})`).toEqual([]);
}

async function expectHistoryFits(app: App, lang: Lang, where: string): Promise<void> {
  const { page } = app;
  await navButton(page, 'history', lang).click();
  const t = words(lang);
  await expect(page.getByRole('heading', { level: 1, name: t('history.title') })).toBeVisible();
  await page
    .getByRole('button', { name: t('history.showListings') })
    .first()
    .click();
  await expect(page.getByTestId('run-changes').last()).toContainText(/\S/);
  const wrap = page.locator('.table-wrap');
  const fits = await wrap.evaluate((node) => {
    const e = node as unknown as Measured;
    return { scroll: e.scrollWidth, client: e.clientWidth };
  });
  expect(fits.scroll, `the history's table scrolls sideways (${where})`).toBeLessThanOrEqual(fits.client);
  expect(await outside(page, '.table-wrap th, .table-wrap td'), `history cells off screen (${where})`).toEqual([]);
  expect(await outside(page, '.run-changes__item > *'), `change list off screen (${where})`).toEqual([]);
  await navButton(page, 'inventory', lang).click();
}

test.describe('a laptop and a large screen', () => {
  test.use({ viewport: { width: 1366, height: 768 }, sandboxOptions: { vehicles: 120 } });

  test('1366×768 and 1920×1080, both languages: nothing cut, the history fits', async ({ app }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await startDemoAndSync(app);
    for (const lang of LANGS) {
      await showInLanguage(app, lang);
      await openFilters(page, lang);
      await expectInventoryWhole(page, `1366, ${lang}`);
      await expectHistoryFits(app, lang, `1366, ${lang}`);
      await page.setViewportSize({ width: 1920, height: 1080 });
      await openFilters(page, lang);
      await expectInventoryWhole(page, `1920, ${lang}`);
      await page.setViewportSize({ width: 1366, height: 768 });
    }
  });
});

test.describe('150% zoom on a 1366×768 laptop', () => {
  test.use({ viewport: { width: 911, height: 512 }, deviceScaleFactor: 1.5, sandboxOptions: { vehicles: 120 } });

  test('the sidebar folds to icons, counts and actions whole, both languages', async ({ app }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await startDemoAndSync(app);
    for (const lang of LANGS) {
      await showInLanguage(app, lang);
      const nav = await page.getByRole('navigation').boundingBox();
      expect(nav?.width ?? Infinity, 'the sidebar is folded to icons').toBeLessThanOrEqual(72);
      // Every section keeps its name for assistive technology.
      await expect(navButton(page, 'history', lang)).toBeVisible();
      await expectInventoryWhole(page, `150%, ${lang}`);
      await openFilters(page, lang);
      await expectInventoryWhole(page, `150% with filters, ${lang}`);
      // The sync history's counts may scroll sideways here, but each run's Show stays on screen.
      await navButton(page, 'history', lang).click();
      const show = page.getByRole('button', { name: words(lang)('history.showListings') });
      await expect(show.first()).toBeVisible();
      expect(await outside(page, '.table-wrap td .link-button'), `history actions off screen (150%, ${lang})`).toEqual([]);
      await navButton(page, 'inventory', lang).click();
    }
  });
});
