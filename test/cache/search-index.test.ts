// The in-memory search index (search-index.ts) against FTS5: on 2,000 generated listings and a few
// made by hand, random searches (whole words, prefixes of every length, accents typed or not,
// plates with and without their dash, references, words found nowhere, several words, text with
// filters and sorts) give through the index exactly what a cache that never read it gives through
// FTS5, and the count the naive SQL gives. The index follows the listings: after a sync pass
// written by another connection, searches answer from FTS5 until it is read again; a write
// between two of its steps starts it over; a rowid it cannot hold leaves the search to FTS5.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { FOLDED_LETTERS, indexedWords, searchWords } from '../../src/main/cache/fts';
import { SearchIndex } from '../../src/main/cache/search-index';
import { SORT_FIELDS, type InventoryFilters, type InventoryQuery } from '../../src/shared/inventory';
import { generateVehicles } from '../../src/sandbox/generator';
import { createRandom } from '../../src/sandbox/random';
import { openTestCache, portalVehicle, sqlCount, tempDir, upsert, type TempDir, sqlOf } from './helpers';

const N = 2000;
const stock = generateVehicles(N, 23) as unknown as Array<Record<string, unknown> & { reference: string; title: string; description: string }>;
const handMade = [
  portalVehicle({ reference: 'CITROEN', title: 'Citroën C4 Cactus', licensePlate: 'QWE-9A87', description: 'Câmbio automático, único dono' }),
  portalVehicle({ reference: 'GOL', title: 'Volkswagen Gol 1.0', licensePlate: 'ABC1D23', description: 'Direção hidráulica' }),
  portalVehicle({ reference: 'LETTERS', title: `Letras ${[...FOLDED_LETTERS.keys()].map((c) => `q${c}z`).join(' ')}` }),
];

let t: TempDir;
/** Reads the index between questions, as the reader thread does. */
let indexed: Cache;
/** Never reads it: every search runs in FTS5. */
let plain: Cache;

const readIndex = (cache: Cache): number => {
  let steps = 1;
  while (cache.indexSearch(1)) steps++;
  return steps;
};

function prng(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

function randomTexts(count: number, seed: number): string[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const all = [...stock, ...handMade] as Array<Record<string, unknown>>;
  const words = all.flatMap((v) => `${String(v.title)} ${String(v.description)}`.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0);
  const plates = all.map((v) => (typeof v.licensePlate === 'string' ? v.licensePlate : 'ABC1D23'));
  const strip = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
  const one = (): string => {
    const w = pick(words);
    switch (Math.floor(random() * 8)) {
      case 0:
        return w;
      case 1:
        return strip(w).toUpperCase();
      case 2:
        return w.slice(0, 1 + Math.floor(random() * w.length));
      case 3: {
        const p = pick(plates).replace('-', '');
        return `${p.slice(0, 3)}-${p.slice(3)}`;
      }
      case 4:
        return pick(plates).slice(-4).toLowerCase();
      case 5:
        return pick(all).reference as string;
      case 6:
        return pick(['zzqx', 'x', 'q', 'de', 'a', 'co', 'com', 'ção', 'straße', 'øre']);
      default:
        return w.slice(0, 2);
    }
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, one).join(' '));
}

function randomQueries(count: number, seed: number): InventoryQuery[] {
  const random = prng(seed + 1);
  const chance = (p: number) => random() < p;
  return randomTexts(count, seed).map((text) => {
    const filters: InventoryFilters = {};
    if (chance(0.25)) filters.price = { min: Math.round(20_000 + random() * 100_000), max: Math.round(120_000 + random() * 200_000) };
    if (chance(0.2)) filters.fuel = ['FLEX'];
    if (chance(0.15)) filters.year = { min: 2012 + Math.floor(random() * 10) };
    return {
      text,
      filters,
      sort: { field: SORT_FIELDS[Math.floor(random() * SORT_FIELDS.length)] ?? 'updatedAt', dir: chance(0.5) ? 'asc' : 'desc' },
      window: { offset: chance(0.2) ? Math.floor(random() * 100) : 0, limit: 1 + Math.floor(random() * 60) },
    };
  });
}

beforeAll(() => {
  t = tempDir();
  indexed = openTestCache(t);
  upsert(indexed, [...stock, ...handMade]);
  plain = openTestCache(t);
  readIndex(indexed);
});
afterAll(() => {
  indexed.close();
  plain.close();
  t.cleanup();
});

describe('the in-memory search index', () => {
  it('folds each accented letter as FTS5 does: every listing holds the term the index looks up', () => {
    const db = sqlOf(indexed);
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.test_terms USING fts5vocab(main, 'vehicles_fts', 'row')`);
    const terms = new Set(db.prepare("SELECT term FROM temp.test_terms WHERE term >= 'q' AND term < 'r'").pluck().all() as string[]);
    for (const [letter, folded] of FOLDED_LETTERS) {
      expect(terms.has(`q${folded}z`), letter).toBe(true);
      expect(indexedWords([`q${letter}z`]), letter).toEqual([{ word: `q${folded}z`, exact: false }]);
    }
    // Nothing else: no letter was kept as typed.
    expect([...terms].filter((x) => /^q.z$/u.test(x) && !/^q[a-z]z$/.test(x))).toEqual([]);
  });

  it('leaves to FTS5 the words it cannot read exactly as the tokenizer does', () => {
    expect(indexedWords(searchWords('Straße'))).toBeNull();
    expect(indexedWords(searchWords('øre'))).toBeNull();
    expect(indexedWords(searchWords('Ação 1.0'))).toEqual([
      { word: 'acao', exact: false },
      { word: '1', exact: true },
      { word: '0', exact: true },
    ]);
    expect(indexedWords(searchWords('Ç'))).toEqual([{ word: 'c', exact: false }]);
  });

  it('is read in steps, and then has nothing more to read', () => {
    const t2 = tempDir();
    const cache = openTestCache(t2);
    upsert(cache, stock.slice(0, 300));
    // A budget of 1 ms reads a slice of terms at a time: several steps for 300 listings.
    expect(readIndex(cache)).toBeGreaterThan(1);
    expect(cache.indexSearch(1)).toBe(false);
    cache.close();
    t2.cleanup();
  });

  it('random searches give what FTS5 gives: totals, windows, facets', () => {
    const queries = randomQueries(400, 3);
    // Most of them are read by the index (the others are FTS5's anyway).
    const byIndex = queries.filter((q) => indexedWords(searchWords(q.text ?? '')) !== null);
    expect(byIndex.length).toBeGreaterThan(300);
    expect(indexed.indexSearch(1)).toBe(false);
    let matchedSome = 0;
    let matchedNone = 0;
    for (const q of queries) {
      const got = indexed.queryVehicles(q);
      expect(got, JSON.stringify(q)).toEqual(plain.queryVehicles(q));
      expect(got.total, JSON.stringify(q)).toBe(sqlCount(plain, q));
      expect(indexed.countVehicles(q)).toBe(got.total);
      if (got.total > 0) matchedSome++;
      else matchedNone++;
    }
    for (const q of queries.slice(0, 60)) expect(indexed.facetCounts(q), JSON.stringify(q)).toEqual(plain.facetCounts(q));
    expect(matchedSome).toBeGreaterThan(150);
    expect(matchedNone).toBeGreaterThan(20);
  });

  it('finds what the dealer types: accents either way, plates with or without the dash, prefixes', () => {
    const refs = (text: string) => indexed.queryVehicles({ text, window: { offset: 0, limit: 500 } }).rows.map((r) => r.reference);
    expect(refs('citroen cac')).toEqual(['CITROEN']);
    expect(refs('CITROËN câmbio')).toEqual(['CITROEN']);
    expect(refs('qwe-9a87')).toEqual(['CITROEN']);
    expect(refs('QWE9A87')).toEqual(['CITROEN']);
    expect(refs('abc-1d23')).toContain('GOL');
    expect(refs('direcao hidr gol')).toContain('GOL');
    expect(refs('zzqx')).toEqual([]);
    expect(refs('citroen zzqx')).toEqual([]);
  });

  it("keeps a lone first letter's matches past a word's keystrokes; other searches, the last 8", () => {
    const advance = vi.spyOn(SearchIndex.prototype, 'advance');
    try {
      const ask = (text: string): number => {
        const before = advance.mock.calls.length;
        indexed.queryVehicles({ text, window: { offset: 0, limit: 17 } });
        return advance.mock.calls.length - before;
      };
      // A fresh snapshot, nothing kept from the searches above; the index read again for it.
      indexed.invalidate();
      readIndex(indexed);
      // A word typed a key at a time, then cleared, then the next word: "v", "vo", … ; "v" again.
      const word = ['vo', 'vol', 'volk', 'volks', 'volksw', 'volkswa', 'volkswag', 'volkswage', 'volkswagen'];
      expect(ask('v')).toBe(1);
      for (const text of word) expect(ask(text), text).toBe(1);
      expect(ask('v')).toBe(0);
      expect(ask('volkswagen')).toBe(0);
      // The ninth search back is no longer kept.
      expect(ask('vo')).toBe(1);
    } finally {
      advance.mockRestore();
    }
  });
});

describe('the index follows the listings', () => {
  it('after a sync pass written by another connection: FTS5 answers until the index is read again, then the index, the same', () => {
    const t2 = tempDir();
    const writer = openTestCache(t2);
    upsert(writer, stock.slice(0, 500));
    const reader = openTestCache(t2);
    readIndex(reader);
    const before = { text: 'zebrafoo', window: { offset: 0, limit: 50 } };
    expect(reader.queryVehicles(before).total).toBe(0);

    // A full pass: one listing renamed, one gone (not sent), one new.
    const renamed = { ...stock[0], title: 'Zebrafoo Especial' };
    const added = portalVehicle({ reference: 'NEW-1', title: 'Zebrafoo Novo', licensePlate: 'ZZZ-1A11' });
    const pass = writer.passes.begin('full');
    pass.stage([renamed, ...stock.slice(1, 499), added]);
    pass.commit();

    const queries: InventoryQuery[] = [
      before,
      { text: 'zebra', window: { offset: 0, limit: 50 } },
      { text: String(stock[499]?.reference), window: { offset: 0, limit: 50 } },
      { text: 'zzz-1a11', window: { offset: 0, limit: 50 } },
      ...randomQueries(80, 9),
    ];
    const answers = () => queries.map((q) => reader.queryVehicles(q));
    const fromFts = answers();
    expect(fromFts[0]?.rows.map((r) => r.reference).sort()).toEqual(['NEW-1', String(stock[0]?.reference)].sort());
    expect(fromFts[2]?.total).toBe(0);
    expect(fromFts[3]?.rows.map((r) => r.reference)).toEqual(['NEW-1']);
    for (const [i, q] of queries.entries()) expect(fromFts[i]?.total, JSON.stringify(q)).toBe(sqlCount(reader, q));

    readIndex(reader);
    expect(reader.indexSearch(1)).toBe(false);
    expect(answers()).toEqual(fromFts);
    writer.close();
    reader.close();
    t2.cleanup();
  });

  it('a write between two steps starts the reading over: the index holds the listings as they are at its end', () => {
    const t2 = tempDir();
    const writer = openTestCache(t2);
    upsert(writer, stock.slice(0, 300));
    const reader = openTestCache(t2);
    // A budget of 0 reads one term a step: 50 of them, then a listing arrives through the other
    // connection with a term that sorts before most of those (the first are "0", "000", "000001", …).
    for (let i = 0; i < 50; i++) expect(reader.indexSearch(0)).toBe(true);
    upsert(writer, [portalVehicle({ reference: 'LATE', title: 'Quokkamobile 0000', licensePlate: 'LTE-1A23' })]);
    readIndex(reader);
    expect(reader.indexSearch(1)).toBe(false);
    expect(reader.queryVehicles({ text: '0000 quokka' }).rows.map((r) => r.reference)).toEqual(['LATE']);
    expect(reader.queryVehicles({ text: 'quokka lte-1a' }).rows.map((r) => r.reference)).toEqual(['LATE']);
    writer.close();
    reader.close();
    t2.cleanup();
  });

  it('a rowid past what it holds leaves every search to FTS5, with the same answers', () => {
    const t2 = tempDir();
    const cache = openTestCache(t2);
    upsert(cache, stock.slice(0, 200));
    // An orphan row of the full-text table, as a damaged or foreign file could hold.
    sqlOf(cache).exec("INSERT INTO vehicles_fts (rowid, doc) VALUES (3000000000, 'orphan flex')");
    cache.invalidate();
    readIndex(cache);
    expect(cache.indexSearch(1)).toBe(false);
    const other = openTestCache(t2);
    for (const q of randomQueries(40, 13)) expect(cache.queryVehicles(q), JSON.stringify(q)).toEqual(other.queryVehicles(q));
    expect(cache.queryVehicles({ text: 'orphan' }).total).toBe(0);
    other.close();
    cache.close();
    t2.cleanup();
  });
});
