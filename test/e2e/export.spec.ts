// Export the view on screen, as a dealer does it in the browser shell: in the demo account, a
// search, a filter and a sort other than the default; the rows the table shows are read off the
// screen; the export is downloaded through the browser's own download (the shell's one-time
// address) as CSV and as XLSX, parsed back (csv-parse, exceljs), and must hold the same listings,
// in the same order, with the same values for the columns on screen. Then in Portuguese (CSV: a
// BOM, `;` between columns, decimal commas). The dialog is captured in both languages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, exportHeaders } from '../../src/main/export';
import { enumLabel } from '../../src/shared/i18n/enums';
import { makeFormatters } from '../../src/shared/i18n/format';
import { expect, test } from './fixtures';
import { anyOf, button, inventoryRows, openFilters, resultCount, searchBox, startDemoAndSync, syncNow, words, type Lang } from './helpers';

/** One listing as the table shows it. */
interface ScreenRow {
  reference: string;
  title: string;
  subtitle: string;
  modelYear: string;
  /** The price in full (the cell's tooltip: the cell itself rounds to whole reais). */
  price: string;
  mileage: string;
  /** Date and time in full (the cell's tooltip). */
  updated: string;
}

/** The rows on screen, in the table's order. */
async function rowsOnScreen(page: Page): Promise<ScreenRow[]> {
  await expect(inventoryRows(page).first()).toBeVisible();
  const rows: Array<ScreenRow & { index: number }> = [];
  for (const row of await inventoryRows(page).all()) {
    const cell = (name: string) => row.locator(`.inv-cell--${name}`);
    rows.push({
      index: Number(await row.getAttribute('aria-rowindex')),
      reference: (await row.getAttribute('data-reference')) ?? '',
      title: await cell('title').getByRole('button').innerText(),
      subtitle: await cell('title').locator('.inv-sub').innerText(),
      // Manufacture/model: the model year is the second.
      modelYear: (await cell('modelYear').innerText()).split('/').at(-1)!,
      price: await cell('value').innerText(),
      mileage: await cell('mileage').innerText(),
      updated: (await cell('updatedAt').getAttribute('title')) ?? '',
    });
  }
  return rows.sort((a, b) => a.index - b.index).map(({ index: _index, ...row }) => row);
}

/** Intl's spaces (no-break, narrow no-break) as plain ones: Node's ICU and Chromium's may differ there. */
const spaces = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * How the screen writes a price, a distance and a date-time in `lang` (shared/i18n/format.ts). The file
 * holds the time on the clock of the machine that wrote it (this process's zone), without a zone;
 * the page shows it in the browser's zone, which the e2e config sets apart (on a dealer's machine
 * both are the same): the wall-clock time goes back to its instant here and is shown in that zone.
 */
function screenFormats(lang: Lang, timeZone: string | undefined) {
  const f = makeFormatters(lang, timeZone);
  const instant = (wall: Date) => new Date(wall.getTime() + new Date(wall.getTime()).getTimezoneOffset() * 60_000);
  return {
    money: (n: number) => spaces(f.money(n)),
    km: (n: number) => spaces(f.km(n)),
    dateTime: (wall: Date) => spaces(f.dateTime(instant(wall))),
  };
}

/** A file's row as the columns the screen shows, from its header names in `lang`. */
interface FileRow {
  reference: string;
  title: string;
  brand: string;
  fuel: string;
  modelYear: number;
  value: number;
  mileage: number;
  /** Wall-clock time, in UTC fields. */
  updatedAt: Date;
}

const headerOf = (lang: Lang) => {
  const headers = exportHeaders(lang);
  return (id: string) => headers[EXPORT_COLUMNS.findIndex((c) => c.id === id)]!;
};

/** The CSV's date-time text ("2026-11-22 14:05" or "22/11/2026 14:05") as a wall-clock Date. */
function csvDate(text: string): Date {
  const ymd = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(text);
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text);
  const [y, m, d, h, mi] = ymd ? ymd.slice(1) : dmy ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5]] : [];
  if (y === undefined) throw new Error(`not a CSV date: ${text}`);
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h), Number(mi)));
}

function readCsv(file: string, lang: Lang): FileRow[] {
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a UTF-8 BOM, so Excel reads the accents').toBe(true);
  const delimiter = lang === 'pt-BR' ? ';' : ',';
  const header = text.slice(1, text.indexOf('\r\n'));
  expect(header.split(delimiter)).toEqual(exportHeaders(lang));
  const decimal = (s: string) => Number(lang === 'pt-BR' ? s.replace(',', '.') : s);
  const h = headerOf(lang);
  return parse<Record<string, string>>(text.slice(1), { delimiter, columns: true }).map((r) => {
    // The decimal mark of the language, never the other one.
    expect(r[h('price')]).toMatch(lang === 'pt-BR' ? /^\d+(,\d+)?$/ : /^\d+(\.\d+)?$/);
    return {
      reference: r[h('reference')]!,
      title: r[h('title')]!,
      brand: r[h('brand')]!,
      fuel: r[h('fuel')]!,
      modelYear: Number(r[h('modelYear')]),
      value: decimal(r[h('price')]!),
      mileage: Number(r[h('mileage')]),
      updatedAt: csvDate(r[h('updatedAt')]!),
    };
  });
}

async function readXlsx(file: string, lang: Lang): Promise<FileRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers).toEqual(exportHeaders(lang));
  const h = headerOf(lang);
  const at = (row: ExcelJS.Row, id: string) => row.getCell(headers.indexOf(h(id)) + 1).value;
  const text = (row: ExcelJS.Row, id: string): string => {
    const value = at(row, id);
    if (typeof value !== 'string') throw new Error(`the ${id} cell holds ${typeof value}, not text`);
    return value;
  };
  const rows: FileRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells = { value: at(row, 'price'), modelYear: at(row, 'modelYear'), mileage: at(row, 'mileage'), updatedAt: at(row, 'updatedAt') };
    // Typed cells: numbers and a date, not text.
    expect(typeof cells.value).toBe('number');
    expect(typeof cells.modelYear).toBe('number');
    expect(cells.updatedAt).toBeInstanceOf(Date);
    rows.push({
      reference: text(row, 'reference'),
      title: text(row, 'title'),
      brand: text(row, 'brand'),
      fuel: text(row, 'fuel'),
      modelYear: cells.modelYear as number,
      value: cells.value as number,
      mileage: cells.mileage as number,
      updatedAt: cells.updatedAt as Date,
    });
  });
  return rows;
}

/** The file holds what the screen shows: the same listings, in order, with the same values. */
function expectSameAsScreen(file: FileRow[], screen: ScreenRow[], lang: Lang): void {
  const f = screenFormats(lang, test.info().project.use.timezoneId);
  expect(screen.map((r) => r.reference)).toEqual(file.map((r) => r.reference));
  expect(
    screen.map((r) => ({
      reference: r.reference,
      title: r.title,
      subtitle: r.subtitle.split(' · '),
      modelYear: r.modelYear,
      price: spaces(r.price),
      mileage: spaces(r.mileage),
      updated: spaces(r.updated),
    })),
  ).toEqual(
    file.map((r) => ({
      reference: r.reference,
      title: r.title,
      // The screen’s subtitle is brand · model · trim · fuel · gearbox.
      subtitle: expect.arrayContaining([r.brand, r.fuel]),
      modelYear: String(r.modelYear),
      price: f.money(r.value),
      mileage: f.km(r.mileage),
      updated: f.dateTime(r.updatedAt),
    })),
  );
}

/** Opens the export dialog, picks the format, exports; returns the browser's download. */
async function exportAs(page: Page, format: 'csv' | 'xlsx', lang: Lang, count: number, screenName?: () => Promise<unknown>): Promise<Download> {
  const t = words(lang);
  await button(page, t('exportDialog.button')).click();
  const dialog = page.getByRole('dialog', { name: t('exportDialog.title') });
  await expect(dialog).toBeVisible();
  // Focus starts on the chosen format; the keyboard picks the other.
  await expect(dialog.getByRole('radio', { name: t('exportDialog.csv'), exact: true })).toBeFocused();
  await dialog.getByRole('radio', { name: t(`exportDialog.${format}`), exact: true }).check();
  await screenName?.();
  const confirm = button(dialog, t('exportDialog.confirm', { count, n: new Intl.NumberFormat(lang).format(count) }));
  const [download] = await Promise.all([page.waitForEvent('download'), confirm.click()]);
  await expect(dialog.getByRole('status')).toHaveText(t('exportDialog.downloaded', { file: download.suggestedFilename() }));
  await expect(button(dialog, t('common.close'))).toBeFocused();
  return download;
}

/** Search, one fuel, price order: a view small enough to be wholly on screen. */
async function applyView(page: Page, lang: Lang, view: { text: string; fuel: string }): Promise<void> {
  const t = words(lang);
  await searchBox(page, lang).fill(view.text);
  const panel = await openFilters(page, lang);
  await panel
    .getByRole('group', { name: t('filters.fuel'), exact: true })
    .getByRole('checkbox', { name: new RegExp(`^${anyOf(enumLabel(lang, 'fuel', view.fuel)).source} \\(`) })
    .check();
  const price = page.getByRole('columnheader', { name: t('inventory.columns.value') });
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  // Ascending: neither the default order nor the button's first.
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
}

test('the export of a searched, filtered and sorted view equals the rows on screen, CSV and XLSX, in English and Portuguese', async ({
  app,
  demoSandboxes,
  dataDir,
}) => {
  test.setTimeout(240_000);
  const { page } = app;
  await startDemoAndSync(app);

  // A view of a few listings: a brand searched for, one of its fuels. One of them gets a price with cents.
  const portal = demoSandboxes[0]!;
  const stock = portal.data.list();
  const size = (text: string, fuel: string) => stock.filter((v) => v.brand.name === text && v.fuel === fuel).length;
  const pick = stock.find((v) => size(v.brand.name, v.fuel) >= 3 && size(v.brand.name, v.fuel) <= 7);
  if (!pick) throw new Error('the demo stock has no brand and fuel with 3 to 7 listings');
  const view = { text: pick.brand.name, fuel: pick.fuel };
  portal.data.upsert({ reference: pick.reference, value: 45_990.5 });
  await syncNow(app);

  for (const lang of ['en', 'pt-BR'] as const) {
    if (lang !== 'en') {
      await app.invoke('settings.set', { language: lang });
      await page.reload();
    }
    await applyView(page, lang, view);
    const count = await resultCount(page);
    expect(count).toBeGreaterThanOrEqual(3);
    const screen = await rowsOnScreen(page);
    expect(screen).toHaveLength(count);
    expect(screen.map((r) => r.reference)).toContain(pick.reference);

    const csv = await exportAs(page, 'csv', lang, count);
    expect(csv.suggestedFilename()).toMatch(lang === 'en' ? /^showroom-listings-\d{4}-\d{2}-\d{2}\.csv$/ : /^showroom-anuncios-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvRows = readCsv(await csv.path(), lang);
    expect(csvRows.find((r) => r.reference === pick.reference)?.value).toBe(45_990.5);
    expectSameAsScreen(csvRows, screen, lang);
    await app.screen('export-done', lang);
    await button(page.getByRole('dialog'), words(lang)('common.close')).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const xlsx = await exportAs(page, 'xlsx', lang, count, () => app.screen('export-dialog', lang));
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expectSameAsScreen(await readXlsx(await xlsx.path(), lang), screen, lang);
    await button(page.getByRole('dialog'), words(lang)('common.close')).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  }

  // Each download was served once and removed from the data folder.
  await expect.poll(() => readdirSync(join(dataDir, 'downloads'))).toEqual([]);
});
