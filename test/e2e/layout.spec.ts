// The layout holds at the sizes dealers have (issue 32, item 7), measured box by box rather than
// looked at: a 1366×768 laptop, a 1920×1080 screen, and the laptop at 150% zoom (a 911×512 page
// at 1.5 device pixels per CSS pixel), in both languages. No label of the filter panel is cut, a
// listing's title has the room of its row, the sort arrows and the filter menus are whole, the
// sidebar folds to icons with its count whole, the top bar's actions stay on screen, and the sync
// history's table fits the window with its change list. A price an open edit changed reads in two
// lines of its row; the listing form (new and edit) has no blank band between its sections and its
// pickers show their whole text; the reprice preview's list fits its dialog.
import type { Page } from '@playwright/test';
import { expect, test, type App } from './fixtures';
import { button, inventoryRow, navButton, openFilters, openVehicle, searchBox, showInLanguage, startDemoAndSync, words, type Lang } from './helpers';

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
  expect(await outside(page, '[role="banner"] button, .inventory__toolbar button, .inventory__count'), `actions off screen (${where})`).toEqual([]);
}

/** What the line and select measures read (the e2e code is typed without the DOM's library). */
interface TextNode {
  nodeType: number;
  childNodes: Iterable<TextNode>;
  parentElement: Measured | null;
  textContent: string | null;
  ownerDocument: { createRange(): { selectNodeContents(n: TextNode): void; getClientRects(): Iterable<{ top: number; height: number }> } };
}

/** How many lines of text an element shows: the distinct line boxes of its text (text read only to assistive technology aside). */
async function linesShown(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((node) => {
    const root = node as unknown as TextNode;
    const tops = new Set<number>();
    const walk = (n: TextNode) => {
      if (n.nodeType === 3 && (n.textContent ?? '').trim() !== '' && !n.parentElement?.closest('.sr-only')) {
        const range = n.ownerDocument.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.height > 0) tops.add(Math.round(r.top));
      }
      for (const c of n.childNodes) walk(c);
    };
    walk(root);
    // Text beside a mark on one line may sit a pixel or two apart: a line is 8 px apart from the next at least.
    return [...tops].sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - (all[i - 1] as number) >= 8).length;
  });
}

/** A price an open edit changed: the new price and the portal's, each whole, in two lines of the row. */
async function expectPendingPriceReads(page: Page, lang: Lang, reference: string, where: string): Promise<void> {
  await searchBox(page, lang).fill(reference);
  const cell = inventoryRow(page, reference).locator('.inv-cell--value');
  await expect(cell.locator('[data-pending~="price"]')).toBeVisible();
  const selector = `.inv-row[data-reference="${reference}"] .inv-cell--value`;
  expect.soft(await overflowing(page, `${selector}, ${selector} *:not(.sr-only)`), `pending price cut (${where})`).toEqual([]);
  expect.soft(await linesShown(page, selector), `lines in the pending price's cell (${where})`).toBeLessThanOrEqual(2);
  // A line too wide for the right-aligned cell runs out on its left, where no scroll width measures it.
  expect
    .soft(await outside(page, `${selector} .pending-mark, ${selector} .inv-pending-figure > :not(.sr-only)`, '.inv-cell'), `pending price clipped (${where})`)
    .toEqual([]);
  await searchBox(page, lang).fill('');
}

/** Sections of the listing form with a blank band under them: the next section below starts more than the grid's gap lower. */
async function formBands(page: Page): Promise<string[]> {
  return page.locator('.edit-grid .edit-section').evaluateAll((nodes) => {
    const boxes = (nodes as unknown as (Measured & { querySelector(s: string): Measured | null })[]).map((n) => ({
      name: (n.querySelector('legend')?.textContent ?? '').trim(),
      box: n.getBoundingClientRect() as Rect & { bottom: number },
    }));
    return boxes.flatMap(({ name, box }) => {
      const below = boxes.filter((b) => b.box.top >= box.bottom - 0.5 && b.box.left < box.right && b.box.right > box.left).map((b) => b.box.top);
      const gap = below.length === 0 ? 0 : Math.min(...below) - box.bottom;
      return gap > 24 ? [`${name}: ${Math.round(gap)} px blank under it`] : [];
    });
  });
}

/** The form's menus whose chosen text does not fit their box (measured with the menu's own font, less its padding and arrow). */
async function selectsCut(page: Page): Promise<string[]> {
  return page.locator('.edit-form select').evaluateAll((nodes) => {
    interface Select extends Measured {
      selectedOptions: { text: string }[];
      ownerDocument: Measured['ownerDocument'] & {
        defaultView: { getComputedStyle(e: Select): { font: string; paddingLeft: string; paddingRight: string } } | null;
        createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(s: string): { width: number } } | null };
      };
    }
    const ARROW = 20;
    return (nodes as unknown as Select[]).flatMap((e) => {
      const text = e.selectedOptions[0]?.text ?? '';
      const style = e.ownerDocument.defaultView?.getComputedStyle(e);
      const context = e.ownerDocument.createElement('canvas').getContext('2d');
      if (!style || !context || e.getClientRects().length === 0) return [];
      context.font = style.font;
      const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      const width = context.measureText(text).width;
      return width > room ? [`${text} (${Math.round(width)} px in ${Math.round(room)})`] : [];
    });
  });
}

/** The new-listing form and the edit form: no blank band between sections, every picker's text whole. */
async function expectFormsWhole(page: Page, lang: Lang, reference: string, where: string): Promise<void> {
  const t = words(lang);
  await button(page, t('newListing.open')).click();
  const created = page.getByRole('dialog', { name: t('newListing.title') });
  await expect(created).toBeVisible();
  expect.soft(await formBands(page), `blank bands in the new-listing form (${where})`).toEqual([]);
  expect.soft(await selectsCut(page), `pickers cut in the new-listing form (${where})`).toEqual([]);
  await button(created, t('listingEdit.cancel')).click();
  await expect(created).toBeHidden();

  const detail = await openVehicle(page, reference, lang);
  await button(detail, t('listingEdit.open')).click();
  const edited = page.getByRole('dialog', { name: t('listingEdit.title', { reference }) });
  await expect(edited).toBeVisible();
  expect.soft(await formBands(page), `blank bands in the edit form (${where})`).toEqual([]);
  expect.soft(await selectsCut(page), `pickers cut in the edit form (${where})`).toEqual([]);
  await button(edited, t('listingEdit.cancel')).click();
  await expect(edited).toBeHidden();
  await page.getByRole('button', { name: t('detail.back') }).click();
  await searchBox(page, lang).fill('');
}

/** Reprice… over the whole inventory, previewed: its list of new prices fits the dialog without scrolling sideways. */
async function expectRepriceFits(page: Page, lang: Lang, where: string): Promise<void> {
  const t = words(lang);
  await button(page, t('repriceDialog.button')).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('repriceDialog.byLabel'), { exact: true }).fill('-5%');
  await expect(dialog.locator('tr[data-reference]').first()).toBeVisible();
  const fits = await dialog.locator('.reprice-dialog__table').evaluate((node) => {
    const e = node as unknown as Measured;
    return { scroll: e.scrollWidth, client: e.clientWidth };
  });
  expect.soft(fits.scroll, `the reprice preview scrolls sideways (${where})`).toBeLessThanOrEqual(fits.client);
  await button(dialog, t('common.cancel')).click();
  await expect(dialog).toBeHidden();
}

/** A listing of the demo with a price edit saved here and not read back yet: its row shows the price pending. */
async function listingWithPendingPrice(app: App): Promise<string> {
  const answer = await app.invoke('inventory.query', { sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 1 } });
  if (!answer.ok) throw new Error(`inventory.query failed: ${answer.error.message}`);
  const row = answer.value.rows[0];
  if (!row?.price) throw new Error('no listing with a price in this stock');
  const saved = await app.invoke('changes.edit', { reference: row.reference, fields: { value: Math.round(row.price * 0.95) } });
  expect(saved.ok).toBe(true);
  return row.reference;
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

  test('1366×768 and 1920×1080, both languages: nothing cut, the history fits, the forms without bands', async ({ app }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await startDemoAndSync(app);
    const pending = await listingWithPendingPrice(app);
    for (const lang of LANGS) {
      await showInLanguage(app, lang);
      await openFilters(page, lang);
      await expectInventoryWhole(page, `1366, ${lang}`);
      await expectPendingPriceReads(page, lang, pending, `1366, ${lang}`);
      await expectFormsWhole(page, lang, pending, `1366, ${lang}`);
      await expectRepriceFits(page, lang, `1366, ${lang}`);
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

  test('the sidebar folds to icons, counts, actions, a pending price and the forms whole, both languages', async ({ app }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await startDemoAndSync(app);
    const pending = await listingWithPendingPrice(app);
    for (const lang of LANGS) {
      await showInLanguage(app, lang);
      const nav = await page.getByRole('navigation').boundingBox();
      expect(nav?.width ?? Infinity, 'the sidebar is folded to icons').toBeLessThanOrEqual(72);
      // Every section keeps its name for assistive technology.
      await expect(navButton(page, 'history', lang)).toBeVisible();
      await expectInventoryWhole(page, `150%, ${lang}`);
      await expectPendingPriceReads(page, lang, pending, `150%, ${lang}`);
      await expectFormsWhole(page, lang, pending, `150%, ${lang}`);
      await expectRepriceFits(page, lang, `150%, ${lang}`);
      await openFilters(page, lang);
      await expectInventoryWhole(page, `150% with filters, ${lang}`);
      // The sync history's counts may scroll sideways here, but each run's Show stays on screen.
      await navButton(page, 'history', lang).click();
      const show = page.getByRole('button', { name: words(lang)('history.showListings') });
      await expect(show.first()).toBeVisible();
      expect(await outside(page, '.table-wrap td .link-button'), `history actions off screen (150%, ${lang})`).toEqual([]);
      // A long screen scrolls inside the content area: the window itself never does (the sidebar would scroll away).
      await navButton(page, 'settings', lang).click();
      await expect(page.getByRole('heading', { level: 1, name: words(lang)('settings.title') })).toBeVisible();
      const scroll = await page.evaluate(() => {
        const root = (globalThis as unknown as { document: { scrollingElement: { scrollHeight: number; clientHeight: number } } }).document.scrollingElement;
        return { height: root.scrollHeight, window: root.clientHeight };
      });
      expect(scroll.height, `the window scrolls on Settings (150%, ${lang})`).toBeLessThanOrEqual(scroll.window);
      await navButton(page, 'inventory', lang).click();
    }
  });
});
