// The search index saved beside the cache (search-index-file.ts): a cache that read its index from
// FTS5 saves it; the next connection to open the file (the next start) loads it in its first step
// and answers every search as FTS5 does. A file saved from another state of the listings (a write
// by any connection since), or one that does not read back exactly (cut short, a byte changed,
// not an index at all), is ignored: FTS5 answers until the index is read again, and the new one
// replaces it. Clearing or rebuilding the cache removes it; a failed save loses nothing.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCacheFiles } from '../../src/main/account-session/cache-files';
import { openCache, type Cache } from '../../src/main/cache/index';
import { rebuildCacheFile } from '../../src/main/cache/rebuild';
import { searchIndexFileFor } from '../../src/main/cache/search-index-file';
import type { InventoryQuery } from '../../src/shared/inventory';
import { generateVehicles } from '../../src/sandbox/generator';
import { openTestCache, portalVehicle, tempDir, upsert, type TempDir } from './helpers';

const stock = generateVehicles(600, 31) as unknown as Array<Record<string, unknown> & { reference: string }>;
const texts = ['chev', 'onix', 'a', 'co', 'flex 2019', 'hb20 autom', 'zzqx', 'toyota cor', 'diesel', 'abc-1'];
const queries: InventoryQuery[] = texts.map((text) => ({ text, window: { offset: 0, limit: 40 } }));

let t: TempDir;
let open: Cache[];
const openOne = (): Cache => {
  const cache = openTestCache(t);
  open.push(cache);
  return cache;
};
/** Steps until nothing remains, as the reader thread does between questions; how many it took. */
const readIndex = (cache: Cache, budgetMs = 1000): number => {
  let steps = 1;
  while (cache.indexSearch(budgetMs)) steps++;
  return steps;
};
/** What a cache that never reads an index answers (FTS5). */
const fromFts = (): unknown[] => {
  const plain = openOne();
  return queries.map((q) => plain.queryVehicles(q));
};
const indexFile = () => searchIndexFileFor(t.file()) as string;

beforeEach(() => {
  t = tempDir();
  open = [];
  upsert(openOne(), stock);
});
afterEach(() => {
  for (const cache of open) cache.close();
  t.cleanup();
});

describe('the search index saved beside the cache', () => {
  it('is saved once read from FTS5, and the next start loads it in one step with the same answers', () => {
    expect(existsSync(indexFile())).toBe(false);
    const first = openOne();
    // The first step finds no file; a budget of 0 reads a term a step; the last step saves what was read.
    expect(readIndex(first, 0)).toBeGreaterThan(100);
    expect(statSync(indexFile()).size).toBeGreaterThan(10_000);

    const next = openOne();
    expect(next.indexSearch(1000)).toBe(false);
    expect(queries.map((q) => next.queryVehicles(q))).toEqual(fromFts());
    expect(next.queryVehicles({ text: 'co' }).total).toBeGreaterThan(0);
  });

  it('is ignored once the listings changed, through any connection; the index read again replaces it', () => {
    readIndex(openOne());
    const saved = readFileSync(indexFile());
    upsert(openOne(), [portalVehicle({ reference: 'LATE', title: 'Quokkamobile Especial' })]);

    const next = openOne();
    // The file is from before the write: the index is read from FTS5 again, in several steps.
    expect(next.indexSearch(1000)).toBe(true);
    expect(readIndex(next)).toBeGreaterThanOrEqual(2);
    expect(next.queryVehicles({ text: 'quokka' }).rows.map((r) => r.reference)).toEqual(['LATE']);
    expect(readFileSync(indexFile()).equals(saved)).toBe(false);

    const after = openOne();
    expect(after.indexSearch(1000)).toBe(false);
    expect(after.queryVehicles({ text: 'quokka' }).rows.map((r) => r.reference)).toEqual(['LATE']);
  });

  it('a listing removed by the same connection that read it: the saved index is stale for the next start', () => {
    const cache = openOne();
    readIndex(cache);
    const reference = stock[0]?.reference as string;
    expect(cache.queryVehicles({ text: reference }).total).toBe(1);
    const pass = cache.passes.begin('full');
    pass.stage(stock.slice(1));
    pass.commit();
    const next = openOne();
    expect(next.indexSearch(1000)).toBe(true);
    expect(next.queryVehicles({ text: reference }).total).toBe(0);
    readIndex(next);
    expect(next.queryVehicles({ text: reference }).total).toBe(0);
  });

  const damages: Array<[string, (bytes: Buffer) => Buffer]> = [
    ['cut short', (bytes) => bytes.subarray(0, bytes.length - 7)],
    ['with its last byte changed', (bytes) => Buffer.concat([bytes.subarray(0, -1), Buffer.from([(bytes.at(-1) as number) ^ 0x5a])])],
    ['with a byte changed in the middle', (bytes) => flip(bytes, Math.floor(bytes.length / 2))],
    ['a longer file', (bytes) => Buffer.concat([bytes, Buffer.from('tail')])],
    ['with its header changed', (bytes) => flip(bytes, 30)],
    ['not an index at all', () => Buffer.from('SQLite format 3\0 and more')],
    ['empty', () => Buffer.alloc(0)],
  ];
  it.each(damages)('a file %s is ignored: FTS5 answers, and the index read again replaces it', (_, damage) => {
    readIndex(openOne());
    const good = readFileSync(indexFile());
    writeFileSync(indexFile(), damage(good));

    const next = openOne();
    expect(next.indexSearch(1000)).toBe(true);
    const expected = fromFts();
    expect(queries.map((q) => next.queryVehicles(q))).toEqual(expected);
    readIndex(next);
    expect(queries.map((q) => next.queryVehicles(q))).toEqual(expected);
    expect(readFileSync(indexFile()).equals(good)).toBe(true);
  });

  it('a save that fails (the folder refuses the file) loses nothing: the index answers, and the next start reads it again', () => {
    mkdirSync(indexFile());
    const cache = openOne();
    readIndex(cache);
    expect(queries.map((q) => cache.queryVehicles(q))).toEqual(fromFts());
    expect(statSync(indexFile()).isDirectory()).toBe(true);
    expect(openOne().indexSearch(1000)).toBe(true);
  });

  it('goes with the cache when it is cleared or rebuilt', async () => {
    readIndex(openOne());
    for (const cache of open.splice(0)) cache.close();
    expect(existsSync(indexFile())).toBe(true);
    rebuildCacheFile(t.file());
    expect(existsSync(indexFile())).toBe(false);

    const cache = openOne();
    upsert(cache, stock.slice(0, 50));
    readIndex(cache);
    cache.close();
    expect(existsSync(indexFile())).toBe(true);
    await clearCacheFiles({ folder: t.dir, cacheFile: t.file(), photosDir: `${t.dir}/photos`, legacyPhotosDir: `${t.dir}/photos` });
    expect(existsSync(indexFile())).toBe(false);
  });

  it('a cache in memory keeps no file', () => {
    expect(searchIndexFileFor(':memory:')).toBeNull();
    const cache = openCache(':memory:');
    upsert(cache, stock.slice(0, 20));
    expect(readIndex(cache)).toBeGreaterThanOrEqual(1);
    expect(cache.queryVehicles({ text: stock[3]?.reference }).rows.map((r) => r.reference)).toEqual([stock[3]?.reference]);
    cache.close();
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] as number) ^ 0x20;
  return copy;
}
