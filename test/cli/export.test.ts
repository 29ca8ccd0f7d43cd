// `showroom export` end to end: a child process per command against a sandbox portal (synced first),
// the files parsed back and compared with what `search --json` shows for the same flags.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/index';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import type { InventoryPage } from '../../src/shared/views';
import { cli, json, tempDataDir } from './helpers';

let sb: Sandbox;
let data: { dir: string; cleanup(): void };

const run = (args: string[], env: Record<string, string | undefined> = {}) =>
  cli([...args, '--data-dir', data.dir], { env: { SHOWROOM_TOKEN: sb.integrationToken, LANG: 'C', ...env } });

/** What `search` lists for these flags (the rows on screen), every one of them. */
async function searched(flags: string[]): Promise<InventoryPage['rows']> {
  const result = await run(['search', ...flags, '--limit', '500', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return json<InventoryPage>(result).rows;
}

beforeAll(async () => {
  sb = await startSandbox({ vehicles: 120, seed: 17, integrationToken: 'cli-export-token-0123456789' });
  data = tempDataDir();
  const add = await run(['accounts', 'add', '--name', 'Loja', '--base-url', sb.baseUrl, '--no-keychain']);
  expect(add.code, add.stderr).toBe(0);
  const synced = await run(['sync', '--no-photos']);
  expect(synced.code, synced.stderr).toBe(0);
});
afterAll(async () => {
  await sb.close();
  data.cleanup();
});

describe('showroom export', () => {
  it('csv, pt-BR, with search flags: the rows search shows, in its order, for Excel in Portuguese', async () => {
    const flags = ['--type', 'C', '--portal', 'on', '--sort', 'value:desc'];
    const expected = await searched(flags);
    expect(expected.length).toBeGreaterThan(20);
    const out = join(data.dir, 'carros.csv');
    const result = await run(['export', '--format', 'csv', '--out', out, '--lang', 'pt-BR', ...flags]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${expected.length} anúncios exportados para .*carros\\.csv \\(CSV, pt-BR, `));
    expect(result.stderr).not.toContain('Exportação CSV'); // no progress line: stderr is not a terminal
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parse(bytes, { bom: true, delimiter: ';' });
    const col = (name: string) => header?.indexOf(name) ?? -1;
    expect(lines.map((l) => l[col('Referência')])).toEqual(expected.map((r) => r.reference));
    expect(lines.map((l) => Number(l[col('Preço (R$)')]?.replace(',', '.')))).toEqual(expected.map((r) => r.price));
    expect(new Set(lines.map((l) => l[col('Publicação')]))).toEqual(new Set(['No portal']));
  });

  it('xlsx (from the file name), en, with search text: typed cells equal to the rows search shows', async () => {
    const word = sb.data.list()[3]?.brand.name ?? '';
    const expected = await searched([word, '--sort', 'reference:asc']);
    expect(expected.length).toBeGreaterThan(0);
    const out = join(data.dir, 'stock.xlsx');
    const result = await run(['export', word, '--out', out, '--lang', 'en', '--sort', 'reference:asc', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({ file: out, rows: expected.length, format: 'xlsx', language: 'en', bytes: readFileSync(out).length });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(out);
    const sheet = book.getWorksheet('Listings');
    if (!sheet) throw new Error('no Listings sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const cells = (name: string) => expected.map((_, i) => sheet.getRow(i + 2).getCell(col(name)).value ?? null);
    expect(sheet.rowCount).toBe(expected.length + 1);
    expect(cells('Reference')).toEqual(expected.map((r) => r.reference));
    expect(cells('Price (R$)')).toEqual(expected.map((r) => r.price));
    expect(cells('Model year')).toEqual(expected.map((r) => r.modelYear));
  });

  it('the language defaults to the app setting, else the system (LANG)', async () => {
    const out = join(data.dir, 'sistema.csv');
    expect((await run(['export', '--out', out], { LANG: 'pt_BR.UTF-8' })).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\r\n')[0]).toContain('Referência;Título');
    expect((await run(['export', '--out', out], { LANG: 'en_US.UTF-8' })).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\r\n')[0]).toContain('Reference,Title');
  });

  it('bad usage exits 2 and writes nothing; a missing folder is said plainly', async () => {
    const out = join(data.dir, 'nothing.csv');
    const [noOut, badFormat, unknownExt, badLang, badFlag, noFolder] = await Promise.all([
      run(['export', '--format', 'csv']),
      run(['export', '--format', 'pdf', '--out', out]),
      run(['export', '--out', join(data.dir, 'stock.txt')]),
      run(['export', '--out', out, '--lang', 'fr']),
      run(['export', '--out', out, '--price-max', 'cheap']),
      run(['export', '--out', join(data.dir, 'no', 'such', 'folder.csv')]),
    ]);
    expect(noOut.stderr).toContain('--out FILE is needed');
    expect(badFormat.stderr).toContain('--format takes csv or xlsx; got “pdf”');
    expect(unknownExt.stderr).toContain('--format csv|xlsx is needed');
    expect(badLang.stderr).toContain('--lang takes en or pt-BR; got “fr”');
    expect(badFlag.stderr).toContain('--price-max takes a number');
    expect(noFolder.stderr).toContain('that folder does not exist');
    for (const r of [noOut, badFormat, unknownExt, badLang, badFlag, noFolder]) expect(r.code, r.stderr).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it('shows progress on one updating stderr line when stderr is a terminal', async () => {
    const stdout = new PassThrough();
    const stderr = Object.assign(new PassThrough(), { isTTY: true, columns: 120 });
    let err = '';
    stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    stdout.resume();
    const out = join(data.dir, 'tty.csv');
    const code = await runCli(['export', '--out', out, '--data-dir', data.dir], {
      io: { stdin: new PassThrough(), stdout, stderr },
      env: { SHOWROOM_TOKEN: sb.integrationToken },
    });
    expect(code, err).toBe(0);
    const ERASE_LINE = '\r\u001b[2K'; // how the progress line rewrites itself
    expect(err).toContain(`${ERASE_LINE}Export CSV · 120/120 listings · `);
  });
});
