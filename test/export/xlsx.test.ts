// The XLSX writer on its own: text the portal could send that XML or Excel would mangle, number and
// date formats per language, the sheet's layout, an empty export, and backpressure from a slow disk.
// Files are read back with exceljs (an independent reader of the format); rows come from a real
// cache file, then altered where the cache could not carry the case (a lone surrogate, NaN).
import { once } from 'node:events';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportInventory } from '../../src/main/export';
import { EXPORT_COLUMNS, exportHeaders } from '../../src/main/export/columns';
import { XlsxRowWriter } from '../../src/main/export/xlsx';
import { columnName } from '../../src/main/export/xlsx-parts';
import type { VehicleRow } from '../../src/shared/inventory';
import type { UiLanguage } from '../../src/shared/views';
import { generateVehicles } from '../../src/sandbox/generator';
import { portalVehicle, upsert } from '../cache/helpers';
import { exportTestCache } from './helpers';

// Dates in São Paulo's local time (it had daylight saving, UTC-2, until 2019).
const setting = exportTestCache();

/** A list row as the cache answers it, with `overrides` applied. */
function rowWith(overrides: Partial<VehicleRow>): VehicleRow {
  upsert(setting.cache, [portalVehicle({ reference: 'BASE' })]);
  const row = setting.cache.queryVehicles({ text: 'BASE', window: { offset: 0, limit: 1 } }).rows[0];
  if (!row) throw new Error('the base row is not in the cache');
  return { ...row, ...overrides };
}

/** Writes `rows` with the writer alone (as the export does) and reads the file back. */
async function writeAndRead(rows: VehicleRow[], language: UiLanguage): Promise<ExcelJS.Worksheet> {
  const file = join(setting.t.dir, `${language}.xlsx`);
  const stream = createWriteStream(file);
  await once(stream, 'open');
  const writer = new XlsxRowWriter(stream, language, EXPORT_COLUMNS);
  writer.add(rows.map((row) => ({ row })));
  await writer.finish();
  return readBack(file);
}

async function readBack(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

const colOf = (id: string) => EXPORT_COLUMNS.findIndex((c) => c.id === id) + 1;

describe('XLSX: text Excel would mangle or refuse', () => {
  const CUT = 32_767;
  const cases: Array<[string, string, string]> = [
    ['markup', `<b>&amp;</b> "quoted" 'single' & <script>alert(1)</script>`, `<b>&amp;</b> "quoted" 'single' & <script>alert(1)</script>`],
    ['controls XML 1.0 forbids', 'bell\u0007 nul\u0000 vt\u000B ff\u000C esc\u001B del\u007F end', 'bell nul vt ff esc del end'],
    ['line breaks and tabs kept', 'line\nbreak\ttab', 'line\nbreak\ttab'],
    ['emoji and other astral characters', 'carro 🚗 𝔘 🇧🇷 fim', 'carro 🚗 𝔘 🇧🇷 fim'],
    ['lone surrogate halves', 'high \uD83D and low \uDE97 end', 'high  and low  end'],
    ['non-characters U+FFFE, U+FFFF', 'a\uFFFEb\uFFFFc', 'abc'],
    ['leading and trailing spaces', '  padded  ', '  padded  '],
    ['a formula', '=HYPERLINK("http://evil.example","x")', '=HYPERLINK("http://evil.example","x")'],
  ];

  it.each(cases)('%s', async (_name, title, expected) => {
    const sheet = await writeAndRead([rowWith({ title })], 'en');
    const cell = sheet.getRow(2).getCell(colOf('title'));
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(expected);
  });

  it("Excel's own _xHHHH_ escapes stay literal text: their `_` is escaped as _x005F_", async () => {
    const title = '_x0041_ _X0042_ _x00e9_ _x12_ x0041_';
    const sheet = await writeAndRead([rowWith({ title })], 'en');
    // Excel reads `_xHHHH_` in a string as the character HHHH (ECMA-376, ST_Xstring); exceljs does
    // not in inline strings, so it shows the escapes: decode them as Excel does.
    const asExcelReads = (text: string) => text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const value = sheet.getRow(2).getCell(colOf('title')).value as string;
    expect(value).not.toBe(title); // escaped in the file, or Excel would show `A B é`
    expect(asExcelReads(value)).toBe(title);
  });

  it(`over ${CUT} characters: cut to Excel's limit with an ellipsis, never splitting an emoji into a half`, async () => {
    const long = 'a'.repeat(40_000);
    const emojiAtCut = `${'b'.repeat(CUT - 2)}🚗tail`; // the cut falls between the emoji's two halves
    const sheet = await writeAndRead([rowWith({ title: long }), rowWith({ title: emojiAtCut })], 'en');
    const first = sheet.getRow(2).getCell(colOf('title')).value as string;
    expect(first).toHaveLength(CUT);
    expect(first).toBe(`${'a'.repeat(CUT - 1)}…`);
    const second = sheet.getRow(3).getCell(colOf('title')).value as string;
    expect(second).toBe(`${'b'.repeat(CUT - 2)}…`);
    expect(second.length).toBeLessThanOrEqual(CUT);
  });
});

describe('XLSX: typed cells and formats per language', () => {
  const FORMATS: Record<UiLanguage, { date: string; headers: [string, string] }> = {
    en: { date: 'yyyy-mm-dd hh:mm', headers: ['Reference', 'Title'] },
    'pt-BR': { date: 'dd/mm/yyyy hh:mm', headers: ['Referência', 'Título'] },
  };

  it.each(['en', 'pt-BR'] as const)('%s: numbers, reais, years, counts, booleans, local dates (with daylight saving), empty cells', async (language) => {
    const rows = [
      rowWith({
        reference: 'R1',
        price: 1_234_567.89,
        mileage: 123_456,
        modelYear: 2024,
        updatedAt: '2018-01-15T12:34:00.000Z',
        brandNew: true,
        active: false,
      }),
      rowWith({ reference: 'R2', price: null, mileage: null, updatedAt: '2025-06-01T03:00:00.000Z', brandNew: null }),
      rowWith({ reference: 'R3', price: Number.NaN, mileage: Number.POSITIVE_INFINITY, updatedAt: 'not a date' }),
    ];
    const sheet = await writeAndRead(rows, language);
    const cell = (row: number, id: string) => sheet.getRow(row).getCell(colOf(id));

    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(exportHeaders(language));
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(FORMATS[language].headers);
    expect(sheet.getRow(1).getCell(1).style.font?.bold).toBe(true);
    expect(cell(2, 'reference').style.font?.bold).toBeFalsy();

    expect(cell(2, 'price').value).toBe(1_234_567.89);
    expect(cell(2, 'price').numFmt).toBe('"R$" #,##0.00');
    expect(cell(2, 'mileage').value).toBe(123_456);
    expect(cell(2, 'mileage').numFmt).toBe('#,##0');
    expect(cell(2, 'modelYear').value).toBe(2024);
    expect(cell(2, 'modelYear').numFmt).toBe('0');
    // Yes/No as in the CSV (a real boolean shows TRUE/FALSE), still a value a filter can pick.
    const [yes, no] = language === 'en' ? ['Yes', 'No'] : ['Sim', 'Não'];
    expect(cell(2, 'brandNew').value).toBe(1);
    expect(cell(2, 'active').value).toBe(0);
    expect(cell(2, 'brandNew').numFmt).toBe(`"${yes}";"${yes}";"${no}"`);
    expect(cell(2, 'active').numFmt).toBe(`"${yes}";"${yes}";"${no}"`);

    const date = cell(2, 'updatedAt');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe(FORMATS[language].date);
    expect((date.value as Date).toISOString()).toBe('2018-01-15T10:34:00.000Z'); // UTC-2 that summer
    expect((cell(3, 'updatedAt').value as Date).toISOString()).toBe('2025-06-01T00:00:00.000Z'); // UTC-3

    expect(cell(3, 'price').value).toBeNull();
    expect(cell(3, 'mileage').value).toBeNull();
    expect(cell(3, 'brandNew').value).toBeNull();
    expect(cell(4, 'price').value).toBeNull(); // NaN and Infinity are no number Excel can hold
    expect(cell(4, 'mileage').value).toBeNull();
    expect(cell(4, 'updatedAt').value).toBe('not a date'); // unreadable: the text as it came
  });

  it('the layout: header frozen, filter buttons over every row, column widths', async () => {
    const sheet = await writeAndRead([rowWith({ reference: 'L1' }), rowWith({ reference: 'L2' })], 'pt-BR');
    expect(sheet.name).toBe('Anúncios');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${columnName(EXPORT_COLUMNS.length - 1)}3`);
    expect(EXPORT_COLUMNS.map((_, i) => sheet.getColumn(i + 1).width)).toEqual(EXPORT_COLUMNS.map((c) => c.width));
  });
});

describe('XLSX: the export', () => {
  it('no matching listing: a workbook with the header row alone', async () => {
    upsert(setting.cache, [portalVehicle({ reference: 'ONLY' })]);
    const file = join(setting.t.dir, 'nothing.xlsx');
    const result = await exportInventory(setting.cache, { format: 'xlsx', file, language: 'pt-BR', query: { text: 'zzzznothing' } });
    expect(result.rows).toBe(0);
    const sheet = await readBack(file);
    expect(sheet.name).toBe('Anúncios');
    expect(sheet.rowCount).toBe(1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(exportHeaders('pt-BR'));
  });

  it('a slow disk holds the writer: the XML waiting for it stays at a few windows, and the file is whole once the disk catches up', async () => {
    upsert(setting.cache, generateVehicles(500, 11));
    const window = setting.cache.queryVehicles({ sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 500 } }).rows;
    const held: Array<() => void> = [];
    let flowing = false;
    const chunks: Buffer[] = [];
    const disk = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        if (flowing) done();
        else held.push(() => done());
      },
    });
    const writer = new XlsxRowWriter(disk, 'en', EXPORT_COLUMNS);
    // Write windows as the export would without waiting, until the writer says to wait and keeps saying it.
    let windows = 0;
    let waiting = 0;
    while (windows < 60 && waiting < 5) {
      writer.add(window.map((row) => ({ row })));
      windows++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      waiting = writer.input.writableNeedDrain ? waiting + 1 : 0;
    }
    expect(writer.input.writableNeedDrain).toBe(true);
    expect(windows).toBeLessThan(60);
    const onDisk = chunks.reduce((n, c) => n + c.length, 0);
    expect(onDisk).toBeLessThan(1024 * 1024); // the disk took a little, then the deflate paused
    expect(writer.input.writableLength).toBeLessThan(8 * 1024 * 1024); // its 4 MB and a few windows

    flowing = true;
    for (const done of held.splice(0)) done();
    await writer.finish();
    const file = join(setting.t.dir, 'slow.xlsx');
    writeFileSync(file, Buffer.concat(chunks));
    const sheet = await readBack(file);
    expect(sheet.rowCount).toBe(windows * window.length + 1);
    expect(sheet.getRow(sheet.rowCount).getCell(colOf('reference')).value).toBe(window.at(-1)?.reference);
  });

  it('a destination that is a folder: a clear error, no partial file left', async () => {
    upsert(setting.cache, [portalVehicle({ reference: 'F1' })]);
    await expect(exportInventory(setting.cache, { format: 'xlsx', file: setting.t.dir, language: 'en', query: {} })).rejects.toMatchObject({
      kind: 'bad_input',
    });
  });
});
