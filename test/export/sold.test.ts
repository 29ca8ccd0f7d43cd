// The Sold view's export through the inventory's writers: its own columns then the vehicle's, the
// view's search and filters, both formats, both languages, every match a window at a time. Files
// are read back (the CSV as text, the XLSX with exceljs, an independent reader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportSold } from '../../src/main/export';
import { exportHeaders } from '../../src/main/export/columns';
import { DEPARTED_EXPORT_COLUMNS, departedBatches } from '../../src/main/export/sold-columns';
import { portalVehicle, upsert } from '../cache/helpers';
import { exportTestCache } from './helpers';

const setting = exportTestCache();

/** A sold car (the sale marked 2026-11-19 10:05 in São Paulo), a removed car, a removed motorcycle. */
function departed(): void {
  const { cache } = setting;
  upsert(cache, [
    portalVehicle({ reference: 'SOLD-1', title: 'Fiat Uno Way', value: 49_990, brand: { id: 2, name: 'Fiat', vehicleType: 'C' } }),
    portalVehicle({ reference: 'GONE-1', title: 'VW Gol' }),
    portalVehicle({ reference: 'MOTO-1', title: 'Honda CG 160', type: 'M', brand: { id: 3, name: 'Honda', vehicleType: 'M' } }),
    portalVehicle({ reference: 'STAYS-1', title: 'Still in stock' }),
  ]);
  for (const reference of ['SOLD-1', 'GONE-1', 'MOTO-1']) cache.vehicles.remove(reference);
  cache.departed.markSold('SOLD-1', '2026-11-19T13:05:00.000Z');
}

const csvRows = (file: string, delimiter: string): string[][] => parse(readFileSync(file), { bom: true, delimiter });
const col = (id: string) => DEPARTED_EXPORT_COLUMNS.findIndex((c) => c.id === id);

describe('the Sold view exported', () => {
  it('CSV in Portuguese: only what the view selects, its columns then the vehicle’s, in the dealer’s notation', async () => {
    departed();
    const file = join(setting.t.dir, 'vendidos.csv');
    const result = await exportSold(setting.cache, { format: 'csv', file, language: 'pt-BR', query: { leftAs: ['sold'] } });
    expect(result.rows).toBe(1);
    const [header, row, ...rest] = csvRows(file, ';');
    expect(rest).toEqual([]);
    expect(header).toEqual(exportHeaders('pt-BR', DEPARTED_EXPORT_COLUMNS));
    expect(header?.slice(0, 7)).toEqual([
      'Referência',
      'Anúncio',
      'Último preço (R$)',
      'Vendido ou removido',
      'Dias em estoque',
      'Dias: no mínimo',
      'Como saiu',
    ]);
    expect(row?.[col('reference')]).toBe('SOLD-1');
    expect(row?.[col('price')]).toBe('49990');
    expect(row?.[col('date')]).toBe('19/11/2026 10:05');
    expect(row?.[col('leftAs')]).toBe('Vendido');
    expect(row?.[col('brand')]).toBe('Fiat (C)');
    expect(row?.[col('fuel')]).toBe('Flex');
    expect(row?.[col('mileage')]).toBe('45000');
  });

  it('XLSX in English: every departed listing of a type, typed cells, the sheet named Sold; a search selects by reference', async () => {
    departed();
    const file = join(setting.t.dir, 'sold.xlsx');
    const result = await exportSold(setting.cache, { format: 'xlsx', file, language: 'en', query: { type: ['C'] } });
    expect(result.rows).toBe(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Sold');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(exportHeaders('en', DEPARTED_EXPORT_COLUMNS));
    const byReference = new Map([2, 3].map((n) => [sheet.getRow(n).getCell(1).text, sheet.getRow(n)]));
    expect([...byReference.keys()].sort()).toEqual(['GONE-1', 'SOLD-1']);
    const sold = byReference.get('SOLD-1')!;
    expect(sold.getCell(col('price') + 1).value).toBe(49_990);
    expect(sold.getCell(col('date') + 1).value).toBeInstanceOf(Date);
    expect(sold.getCell(col('leftAs') + 1).value).toBe('Sold');
    expect(byReference.get('GONE-1')!.getCell(col('leftAs') + 1).value).toBe('Removed');

    const searched = join(setting.t.dir, 'search.csv');
    await exportSold(setting.cache, { format: 'csv', file: searched, language: 'en', query: { search: 'moto' } });
    expect(
      csvRows(searched, ',')
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['MOTO-1']);
  });

  it('reads every match a window at a time, newest first', () => {
    departed();
    const batches = [...departedBatches(setting.cache, {}, 2)];
    expect(batches.map((b) => [b.done, b.total])).toEqual([
      [2, 3],
      [3, 3],
    ]);
    expect(batches.flatMap((b) => b.rows.map((r) => r.departed.reference)).sort()).toEqual(['GONE-1', 'MOTO-1', 'SOLD-1']);
    expect(batches[0]?.rows[0]?.listing?.title).toBeDefined();
  });
});
