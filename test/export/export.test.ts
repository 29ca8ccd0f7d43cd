// Exporting the inventory: CSV parsed back (csv-parse) and XLSX read back (exceljs) must equal the
// rows the cache answers for the same query, in both languages; a real SQLite file in a temp folder.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportInventory, type ExportProgress } from '../../src/main/export';
import type { InventoryQuery, VehicleRow } from '../../src/shared/inventory';
import { generateVehicles } from '../../src/sandbox/generator';
import { portalVehicle, upsert } from '../cache/helpers';
import { exportTestCache } from './helpers';

// Dates are written in the machine's local time: São Paulo's here (UTC-3).
const setting = exportTestCache();

/** Every row the cache answers for `query`, through its public windows. */
function rowsOf(query: InventoryQuery): VehicleRow[] {
  const out: VehicleRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const { rows, total } = setting.cache.queryVehicles({ ...query, window: { offset, limit: 500 } });
    out.push(...rows);
    if (offset + 500 >= total) return out;
  }
}

function readCsv(file: string, delimiter: string): string[][] {
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, for Excel
  return parse(bytes, { bom: true, delimiter, relax_column_count: false });
}

const HOSTILE_TITLE = '=HYPERLINK("http://evil.example","Clique")';

function seedSmall(): void {
  upsert(setting.cache, [
    portalVehicle({ reference: 'A1', title: 'Gol 1.0; "completo"\nÚnico dono', value: 52900.5, mileage: 45000, updatedAt: '2025-02-01T10:05:00.000Z' }),
    portalVehicle({
      reference: 'A2',
      title: HOSTILE_TITLE,
      value: 100000,
      fuel: 'ALCOHOL',
      color: 'PEARL_WHITE',
      publication: null,
      brandNew: true,
      mileage: 0,
      updatedAt: '2025-02-02T02:30:00.000Z',
    }),
    portalVehicle({
      reference: 'A3',
      title: '-Oferta- Civic',
      value: 98750.25,
      type: 'C',
      publication: { highlighted: true },
      active: false,
      updatedAt: '2025-02-03T23:59:00.000Z',
    }),
  ]);
}

describe('export: CSV', () => {
  it("pt-BR: BOM, `;`, decimal commas, day-first local dates and the dictionary's words", async () => {
    seedSmall();
    const file = join(setting.t.dir, 'estoque.csv');
    const result = await exportInventory(setting.cache, { format: 'csv', file, language: 'pt-BR', query: { sort: { field: 'reference', dir: 'asc' } } });
    expect(result).toMatchObject({ file, rows: 3 });
    expect(result.bytes).toBe(readFileSync(file).length);
    const [header, a1, a2, a3] = readCsv(file, ';');
    expect(header?.slice(0, 3)).toEqual(['Referência', 'Título', 'Marca']);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    expect(col('Preço (R$)')).toBeGreaterThan(0);
    expect(a1?.[col('Referência')]).toBe('A1');
    expect(a1?.[col('Título')]).toBe('Gol 1.0; "completo"\nÚnico dono');
    expect(a1?.[col('Preço (R$)')]).toBe('52900,5');
    expect(a1?.[col('Quilometragem (km)')]).toBe('45000');
    expect(a1?.[col('Atualizado')]).toBe('01/02/2025 07:05');
    expect(a1?.[col('Combustível')]).toBe('Flex');
    expect(a1?.[col('Publicação')]).toBe('No portal');
    expect(a2?.[col('Título')]).toBe(`'${HOSTILE_TITLE}`); // never a formula in Excel
    expect(a2?.[col('Combustível')]).toBe('ALCOHOL'); // unknown code: as it came
    expect(a2?.[col('Cor')]).toBe('Branco pérola');
    expect(a2?.[col('Novo (0 km)')]).toBe('Sim');
    expect(a2?.[col('Atualizado')]).toBe('01/02/2025 23:30');
    expect(a3?.[col('Título')]).toBe("'-Oferta- Civic");
    expect(a3?.[col('Preço (R$)')]).toBe('98750,25');
    expect(a3?.[col('Em destaque')]).toBe('Sim');
    expect(a3?.[col('Ativo')]).toBe('Não');
    // The raw text: `;` separates, the title with `;`, quotes and a line break is quoted.
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"Gol 1.0; ""completo""\nÚnico dono"');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${header?.join(';')}`);
  });

  it('en: `,`, decimal points, ISO-ordered local dates', async () => {
    seedSmall();
    const file = join(setting.t.dir, 'stock.csv');
    await exportInventory(setting.cache, { format: 'csv', file, language: 'en', query: { sort: { field: 'reference', dir: 'asc' } } });
    const [header, a1, a2] = readCsv(file, ',');
    const col = (name: string) => header?.indexOf(name) ?? -1;
    expect(header?.slice(0, 3)).toEqual(['Reference', 'Title', 'Brand']);
    expect(a1?.[col('Price (R$)')]).toBe('52900.5');
    expect(a1?.[col('Updated')]).toBe('2025-02-01 07:05');
    // Off the portal since the first sync: the export says so, as the list's badge does.
    expect(a2?.[col('Publication')]).toBe('Off since first seen');
    expect(a2?.[col('New (0 km)')]).toBe('Yes');
  });

  it('exports every match of the query in its order, past one window, with progress; parses back to the rows', async () => {
    const vehicles = generateVehicles(1_234, 5);
    upsert(setting.cache, vehicles);
    const query: InventoryQuery = { filters: { type: ['C'] }, sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 10 } };
    const expected = rowsOf(query);
    expect(expected.length).toBeGreaterThan(600);
    const progress: ExportProgress[] = [];
    const file = join(setting.t.dir, 'carros.csv');
    const result = await exportInventory(setting.cache, { format: 'csv', file, language: 'pt-BR', query, onProgress: (p) => progress.push(p) });
    expect(result.rows).toBe(expected.length);
    expect(progress.at(-1)).toEqual({ done: expected.length, total: expected.length });
    expect(progress.length).toBe(Math.ceil(expected.length / 500));
    const [header, ...lines] = readCsv(file, ';');
    const col = (name: string) => header?.indexOf(name) ?? -1;
    expect(lines.map((l) => l[col('Referência')])).toEqual(expected.map((r) => r.reference));
    const decimal = (text: string | undefined) => (text === '' || text === undefined ? null : Number(text.replace(',', '.')));
    expect(lines.map((l) => decimal(l[col('Preço (R$)')]))).toEqual(expected.map((r) => r.price));
    expect(lines.map((l) => decimal(l[col('Quilometragem (km)')]))).toEqual(expected.map((r) => r.mileage));
    expect(lines.map((l) => decimal(l[col('Ano do modelo')]))).toEqual(expected.map((r) => r.modelYear));
    expect(lines.map((l) => l[col('Título')]?.replace(/^'(?=[=+\-@])/, ''))).toEqual(expected.map((r) => r.title ?? ''));
  });

  it('a search with no match writes the header line alone', async () => {
    seedSmall();
    const file = join(setting.t.dir, 'nada.csv');
    expect((await exportInventory(setting.cache, { format: 'csv', file, language: 'en', query: { text: 'zzzznothing' } })).rows).toBe(0);
    expect(readCsv(file, ',')).toHaveLength(1);
  });
});

describe('export: every column the dialog promises', () => {
  // A car with every detail, and a motorcycle whose portal placeholders mean "none" (0 down
  // payment, 0 installments, 0 doors) and that has no description, document or accessories.
  function seedDetails(): void {
    upsert(setting.cache, [
      portalVehicle({ reference: 'D1' }),
      portalVehicle({
        reference: 'D2',
        type: 'M',
        doors: 0,
        deposit: 0,
        amountOfInstallments: 0,
        amountPerInstallment: 0,
        accessories: [],
        description: undefined,
        document: undefined,
        otherInfos: undefined,
      }),
    ]);
  }
  const query: InventoryQuery = { sort: { field: 'reference', dir: 'asc' } };
  const links = [1, 2].map((n) => `https://cdn.portal.example/D1/${n}.jpg`).join('\n');
  /** Per column: its header in English and Portuguese, then the car's and the motorcycle's cells as the CSV (en) writes them and as the XLSX (pt-BR) holds them. */
  const CELLS: Array<[en: string, pt: string, csv: [string, string], xlsx: [unknown, unknown]]> = [
    ['Description', 'Descrição', ['Único dono, revisões em dia.', ''], ['Único dono, revisões em dia.', null]],
    ['Accessories', 'Acessórios', ['Ar-condicionado, Direção hidráulica', ''], ['Ar-condicionado, Direção hidráulica', null]],
    ['Extra information', 'Informações adicionais', ['IPVA pago', ''], ['IPVA pago', null]],
    // The portal's placeholders are no facts: "None", or an empty cell where there is nothing to say.
    ['Down payment (R$)', 'Entrada (R$)', ['10000', 'None'], [10000, 'Nenhuma']],
    ['Per installment (R$)', 'Valor da parcela (R$)', ['1500', 'None'], [1500, 'Nenhuma']],
    ['Number of installments', 'Número de parcelas', ['48', 'None'], [48, 'Nenhuma']],
    ['Doors', 'Portas', ['4', ''], [4, null]],
    ['Document (RENAVAM)', 'Documento (RENAVAM)', ['123', ''], ['123', null]],
    ['Photo links', 'Links das fotos', [links, links.replaceAll('D1', 'D2')], [links, links.replaceAll('D1', 'D2')]],
    ['Active', 'Ativo', ['Yes', 'Yes'], [1, 1]],
  ];

  it('CSV: description, accessories, extra information, down payment, installments, doors, document, photo links, days in stock', async () => {
    seedDetails();
    const rows = rowsOf(query);
    expect(rows[0]?.daysInStock).toEqual(expect.any(Number));
    const file = join(setting.t.dir, 'details.csv');
    await exportInventory(setting.cache, { format: 'csv', file, language: 'en', query });
    const [header = [], ...lines] = readCsv(file, ',');
    for (const [name, , cells] of CELLS) {
      expect(header, name).toContain(name);
      expect(
        lines.map((line) => line[header.indexOf(name)]),
        name,
      ).toEqual(cells);
    }
    expect(lines.map((line) => line[header.indexOf('Days in stock')])).toEqual(rows.map((r) => String(r.daysInStock)));
  });

  it('XLSX: the same columns, typed, with the same words as the CSV', async () => {
    seedDetails();
    const rows = rowsOf(query);
    const file = join(setting.t.dir, 'detalhes.xlsx');
    await exportInventory(setting.cache, { format: 'xlsx', file, language: 'pt-BR', query });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Anúncios');
    if (!sheet) throw new Error('no sheet named Anúncios');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => [2, 3].map((r) => sheet.getRow(r).getCell(header.indexOf(name) + 1));
    for (const [, name, , cells] of CELLS) {
      expect(header, name).toContain(name);
      expect(
        column(name).map((cell) => cell.value ?? null),
        name,
      ).toEqual(cells);
    }
    expect(column('Entrada (R$)')[0]?.numFmt).toBe('"R$" #,##0.00');
    expect(column('Ativo')[0]?.numFmt).toBe('"Sim";"Sim";"Não"');
    expect(column('Dias em estoque').map((cell) => cell.value)).toEqual(rows.map((r) => r.daysInStock));
  });
});

describe('export: XLSX', () => {
  it('typed cells (numbers, reais, dates, yes/no), headers in the language; reads back equal to the rows', async () => {
    seedSmall();
    upsert(setting.cache, generateVehicles(700, 9));
    const query: InventoryQuery = { sort: { field: 'reference', dir: 'asc' } };
    const expected = rowsOf(query);
    const file = join(setting.t.dir, 'estoque.xlsx');
    const result = await exportInventory(setting.cache, { format: 'xlsx', file, language: 'pt-BR', query });
    expect(result.rows).toBe(expected.length);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Anúncios');
    if (!sheet) throw new Error('no sheet named Anúncios');
    expect(sheet.rowCount).toBe(expected.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Referência', 'Título', 'Marca']);
    const col = (name: string) => header.indexOf(name) + 1;

    const a1 = sheet.getRow(2);
    expect(a1.getCell(col('Referência')).value).toBe('A1');
    const price = a1.getCell(col('Preço (R$)'));
    expect(price.type).toBe(ExcelJS.ValueType.Number);
    expect(price.value).toBe(52900.5);
    expect(price.numFmt).toBe('"R$" #,##0.00');
    const updated = a1.getCell(col('Atualizado'));
    expect(updated.type).toBe(ExcelJS.ValueType.Date);
    expect((updated.value as Date).toISOString()).toBe('2025-02-01T07:05:00.000Z'); // São Paulo wall clock
    expect(updated.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(a1.getCell(col('Ano do modelo')).numFmt).toBe('0');
    expect(a1.getCell(col('Ativo')).value).toBe(1);
    expect(a1.getCell(col('Ativo')).numFmt).toBe('"Sim";"Sim";"Não"'); // shown as the CSV writes it
    const a2 = sheet.getRow(3);
    expect(a2.getCell(col('Título')).value).toBe(HOSTILE_TITLE); // a string cell, never a formula
    expect(a2.getCell(col('Título')).type).toBe(ExcelJS.ValueType.String);

    const cells = (name: string) => expected.map((_, i) => sheet.getRow(i + 2).getCell(col(name)).value ?? null);
    expect(cells('Referência')).toEqual(expected.map((r) => r.reference));
    expect(cells('Título')).toEqual(expected.map((r) => r.title));
    expect(cells('Preço (R$)')).toEqual(expected.map((r) => r.price));
    expect(cells('Quilometragem (km)')).toEqual(expected.map((r) => r.mileage));
    expect(cells('Em destaque')).toEqual(expected.map((r) => (r.highlighted ? 1 : 0)));
    expect(cells('Fotos')).toEqual(expected.map((r) => r.pictureCount));
    const offset = (iso: string) => Date.parse(iso) - 3 * 3_600_000;
    expect(cells('Atualizado').map((d) => (d as Date).getTime())).toEqual(expected.map((r) => offset(r.updatedAt ?? '')));
  });

  it("text from the portal Excel could not take: control characters dropped, an over-long cell cut to Excel's limit", async () => {
    upsert(setting.cache, [portalVehicle({ reference: 'X1', title: `bell\u0007 null\u0000 ok`, url: `https://portal.example/${'a'.repeat(40_000)}` })]);
    const file = join(setting.t.dir, 'odd.xlsx');
    await exportInventory(setting.cache, { format: 'xlsx', file, language: 'en', query: {} });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Listings');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const row = sheet?.getRow(2);
    expect(row?.getCell(header.indexOf('Title') + 1).value).toBe('bell null ok');
    const url = row?.getCell(header.indexOf('Listing link') + 1).value as string;
    expect(url).toHaveLength(32_767);
    expect(url.endsWith('…')).toBe(true);
  });

  it('en headers and date format', async () => {
    seedSmall();
    const file = join(setting.t.dir, 'stock.xlsx');
    await exportInventory(setting.cache, { format: 'xlsx', file, language: 'en', query: {} });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Listings');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Price (R$)');
    expect(sheet?.getRow(2).getCell(header.indexOf('Updated') + 1).numFmt).toBe('yyyy-mm-dd hh:mm');
  });
});

describe('export: the file', () => {
  it('a folder that does not exist: a clear error, nothing left behind', async () => {
    seedSmall();
    const file = join(setting.t.dir, 'no-such-folder', 'x.csv');
    await expect(exportInventory(setting.cache, { format: 'csv', file, language: 'en', query: {} })).rejects.toMatchObject({
      kind: 'bad_input',
      message: expect.stringContaining('folder does not exist'),
    });
    await expect(exportInventory(setting.cache, { format: 'csv', file: setting.t.dir, language: 'en', query: {} })).rejects.toMatchObject({
      kind: 'bad_input',
    });
    expect(readdirSync(setting.t.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('cancelled: no file, and an existing one is kept as it was', async () => {
    upsert(setting.cache, generateVehicles(1_200, 3));
    const file = join(setting.t.dir, 'keep.xlsx');
    writeFileSync(file, 'the previous export');
    const controller = new AbortController();
    const run = exportInventory(setting.cache, {
      format: 'xlsx',
      file,
      language: 'en',
      query: {},
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    expect(readFileSync(file, 'utf8')).toBe('the previous export');
    expect(readdirSync(setting.t.dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('the listings change mid-export (a sync commits): stops with `busy` rather than mix two states', async () => {
    upsert(setting.cache, generateVehicles(1_200, 4));
    const file = join(setting.t.dir, 'mixed.csv');
    let changed = false;
    const run = exportInventory(setting.cache, {
      format: 'csv',
      file,
      language: 'en',
      query: { sort: { field: 'updatedAt', dir: 'desc' } },
      onProgress: () => {
        if (changed) return;
        changed = true;
        upsert(setting.cache, [portalVehicle({ reference: 'NEWEST', updatedAt: '2030-01-01T00:00:00.000Z' })]);
      },
    });
    await expect(run).rejects.toMatchObject({ kind: 'busy', message: expect.stringContaining('export again') });
    expect(existsSync(file)).toBe(false);
  });
});
