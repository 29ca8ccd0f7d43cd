// The in-memory snapshot against SQL: on a seeded stock of 2,000 generated listings, random
// queries (text, every filter, every sort, windows) must give the same totals, the same windows
// and the same facets as the naive SQL over the same WHERE clause (filters.ts), and the snapshot
// must follow the writes: the stores, raw deletes and inserts, raw updates said with invalidate(),
// another connection, a rolled-back transaction.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { orderBy, whereClause } from '../../src/main/cache/filters';
import { ftsMatchExpression } from '../../src/main/cache/fts';
import { binaryCompare } from '../../src/main/cache/snapshot';
import { SORT_FIELDS, type FacetCounts, type FilterDimension, type InventoryFilters, type InventoryQuery, type PortalState } from '../../src/shared/inventory';
import { DIMENSION_NAMES, dimension } from '../../src/shared/inventory-filters';
import { generateVehicles } from '../../src/sandbox/generator';
import { openTestCache, portalVehicle, refusedChange, tempDir, unpublishAccepted, upsert, type TempDir, sqlOf, sqlCount as sqlCountOf } from './helpers';
import { createChanges } from '../../src/main/changes/ledger';
import { createRandom } from '../../src/sandbox/random';
import { storePlan } from '../../src/main/sync/plan';
import { ATTENTION_SQL, ATTENTION_VALUES, SUGGESTION_REASONS } from '../../src/shared/attention';
import { PORTAL_STATE_SQL } from '../../src/shared/pending-changes';

const N = 2000;
let t: TempDir;
let cache: Cache;
const stock = generateVehicles(N, 11);

function prng(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

beforeAll(() => {
  t = tempDir();
  cache = openTestCache(t);
  upsert(cache, stock);
  // Some listings off the portal, some waiting for an unpublish, some without a price or a colour.
  for (const v of stock.slice(0, 40)) unpublishAccepted(cache, v.reference);
  sqlOf(cache).exec('UPDATE vehicles SET value = NULL WHERE id % 97 = 0; UPDATE vehicles SET color = NULL, active = NULL WHERE id % 89 = 0');
  // Reasons to need the dealer: listings without their address for 0 to 89 minutes (the grace is
  // 45), refused unpublishes (and publishes and highlights, below), listings the plan dropped, data problems, and a plan that allows more photos than some listings have.
  const now = Date.parse('2025-03-01T12:00:00.000Z');
  sqlOf(cache).exec(
    `UPDATE vehicles SET url = NULL, updated_ms = ${now} - (id % 90) * 60000 WHERE id % 13 = 0; UPDATE vehicles SET published = 0, off_cause = 'dropped_by_portal' WHERE id % 61 = 0; UPDATE vehicles SET has_problems = 1 WHERE id % 67 = 0`,
  );
  // Unpublishes, publishes and highlights the portal refused, and publishes it accepted but never applied (the ledger, in the local file).
  const references = (where: string) => sqlOf(cache).prepare<[], string>(`SELECT reference FROM vehicles WHERE ${where}`).pluck().all();
  for (const reference of references('published = 1 AND id % 71 = 0')) refusedChange(cache, 'unpublish', reference, 'refused');
  for (const reference of references('published = 0 AND id % 7 = 0')) refusedChange(cache, 'publish', reference, 'No ads available');
  for (const reference of references('published = 1 AND highlighted = 0 AND id % 53 = 0')) refusedChange(cache, 'highlight', reference, 'No highlights');
  for (const reference of references('published = 1 AND id % 61 = 1')) refusedChange(cache, 'sell', reference, 'Vehicle not found');
  for (const reference of references('published = 0 AND id % 7 = 3')) {
    const change = createChanges(cache).save('publish', reference, {});
    sqlOf(cache)
      .prepare("UPDATE local.pending_changes SET status = 'not_applied', last_attempt_at = 'then', not_applied_at = 'then' WHERE id = ?")
      .run(change.id);
  }
  // Edits of a field no filter or sort reads: every other one held by a conflict, the rest refused by the portal.
  for (const [i, reference] of references('id % 59 = 0').entries()) {
    const change = createChanges(cache).save('edit', reference, { description: 'Revisado, único dono' });
    const conflict = { description: { mine: 'Revisado, único dono', portal: 'Outro texto', original: null } };
    if (i % 2 === 0) sqlOf(cache).prepare('UPDATE local.pending_changes SET conflict = ? WHERE id = ?').run(JSON.stringify(conflict), change.id);
    else cache.ledger.markFailed(change.id, { code: 'portal.validationSaid', params: { portalMessage: 'description too long' } }, true);
  }
  storePlan(
    cache,
    { currentPlan: { name: 'Pro', pictureQuantity: 6, adsQuantity: 3000, highlightsQuantity: 10 }, available: { adsQuantity: 1000, highlightsQuantity: 10 } },
    'then',
  );
  cache.invalidate();
});
afterAll(() => {
  cache.close();
  t.cleanup();
});

// ---- the naive SQL: what the inventory meant before the snapshot, kept as the reference ----

const sqlCount = (q: InventoryQuery): number => sqlCountOf(cache, q);

const sqlWindow = (q: InventoryQuery): string[] => {
  const where = whereClause(q);
  const sort = q.sort ?? { field: 'updatedAt', dir: 'desc' };
  const w = q.window ?? { offset: 0, limit: 50 };
  return sqlOf(cache)
    .prepare(`SELECT v.reference FROM vehicles v ${where.sql} ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`)
    .pluck()
    .all(...where.params, w.limit, w.offset) as string[];
};

function sqlFacets(q: InventoryQuery): FacetCounts {
  const active = new Set((Object.keys(q.filters ?? {}) as FilterDimension[]).filter((d) => whereClause({ filters: { [d]: q.filters?.[d] } }).sql !== ''));
  const where = (dim: FilterDimension) => whereClause(q, active.has(dim) ? dim : undefined);
  const get = (sql: string, dim: FilterDimension) => {
    const w = where(dim);
    return sqlOf(cache)
      .prepare(sql.replace('$WHERE', w.sql))
      .get(...w.params) as Record<string, number | null>;
  };
  // Each dimension counted by SQL over its column, as its kind is counted.
  const facet = (dim: FilterDimension) => {
    const d = dimension(dim);
    const col = d.column;
    switch (d.kind) {
      case 'state': {
        // One GROUP BY: the state's expression is read once a listing, not once a value.
        const w = where(dim);
        const counts = new Map(
          (
            sqlOf(cache)
              .prepare(`SELECT ${col} AS value, count(*) AS n FROM vehicles v ${w.sql} GROUP BY 1`)
              .all(...w.params) as { value: string; n: number }[]
          ).map((r) => [r.value, r.n]),
        );
        return Object.fromEntries(d.values.map((v) => [v, counts.get(v) ?? 0]));
      }
      case 'values': {
        const w = where(dim);
        const cond = w.sql === '' ? `WHERE ${col} IS NOT NULL` : `${w.sql} AND ${col} IS NOT NULL`;
        return sqlOf(cache)
          .prepare(`SELECT ${col} AS value, count(*) AS count FROM vehicles v ${cond} GROUP BY 1 ORDER BY 2 DESC, 1`)
          .all(...w.params) as { value: string; count: number }[];
      }
      case 'flag': {
        const r = get(`SELECT coalesce(sum(${col} = 1), 0) AS yes, coalesce(sum(${col} = 0), 0) AS no FROM vehicles v $WHERE`, dim);
        return { yes: r.yes as number, no: r.no as number };
      }
      case 'range': {
        const r = get(`SELECT min(${col}) AS min, max(${col}) AS max FROM vehicles v $WHERE`, dim);
        return { min: r.min ?? null, max: r.max ?? null };
      }
    }
  };
  return Object.fromEntries(DIMENSION_NAMES.map((dim) => [dim, facet(dim)])) as unknown as FacetCounts;
}

// ---- random queries drawn from the stock ----

function randomQueries(count: number, seed: number): InventoryQuery[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const chance = (p: number) => random() < p;
  const distinct = (f: (v: (typeof stock)[number]) => unknown) => [...new Set(stock.map(f).filter((x): x is string => typeof x === 'string'))];
  const brands = distinct((v) => v.brand.name);
  const fuels = distinct((v) => v.fuel);
  const colors = [...distinct((v) => v.color), 'PINK'];
  const gearboxes = distinct((v) => v.gearbox);
  const types = distinct((v) => v.type);
  const words = stock.flatMap((v) => `${v.title} ${v.description}`.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 0);
  const text = (): string => {
    const n = 1 + Math.floor(random() * 2);
    return Array.from({ length: n }, () => {
      const w = pick(words);
      // Whole words, prefixes of every length (long ones are searched as the terms they begin), plates.
      return chance(0.5) ? w.slice(0, 1 + Math.floor(random() * w.length)) : w;
    }).join(' ');
  };
  const some = <T>(xs: readonly T[]): T[] => xs.filter(() => chance(0.4));
  const range = (lo: number, hi: number) => {
    const a = lo + random() * (hi - lo);
    const b = a + random() * (hi - lo) * 0.5;
    return chance(0.3) ? { min: Math.round(a) } : chance(0.3) ? { max: Math.round(b) } : { min: Math.round(a), max: Math.round(b) };
  };
  const out: InventoryQuery[] = [];
  while (out.length < count) {
    const filters: InventoryFilters = {};
    if (chance(0.2)) filters.portal = chance(0.5) ? [pick(['on', 'off', 'pending'] as PortalState[])] : some(['on', 'off', 'pending'] as PortalState[]);
    if (chance(0.3)) filters.brand = some(brands).slice(0, 4);
    if (chance(0.3)) filters.fuel = some(fuels);
    if (chance(0.15)) filters.color = some(colors);
    if (chance(0.15)) filters.gearbox = some(gearboxes);
    if (chance(0.1)) filters.type = some(types);
    if (chance(0.25)) filters.year = range(2005, 2026);
    if (chance(0.25)) filters.price = range(20_000, 400_000);
    if (chance(0.2)) filters.mileage = range(0, 200_000);
    if (chance(0.2)) filters.attention = some(ATTENTION_VALUES);
    for (const b of ['active', 'brandNew', 'highlighted', 'hasProblems', 'hasRejectedPhotos'] as const) if (chance(0.08)) filters[b] = chance(0.5);
    out.push({
      ...(chance(0.6) ? { text: text() } : {}),
      filters,
      sort: { field: pick(SORT_FIELDS), dir: chance(0.5) ? 'asc' : 'desc' },
      window: { offset: chance(0.3) ? Math.floor(random() * 300) : 0, limit: 1 + Math.floor(random() * 60) },
    });
  }
  return out;
}

const references = (q: InventoryQuery) => cache.queryVehicles(q).rows.map((r) => r.reference);

// An oracle: thousands of statements of naive SQL against the snapshot's answers. Its duration is
// the machine's (a busy two-core machine takes several times a quiet one's), not a measure.
describe('random queries on 2,000 generated listings give what the naive SQL gives', { timeout: 180_000 }, () => {
  const queries = randomQueries(300, 5);

  it('the queries are not trivial: many match something, many match less than everything', () => {
    const totals = queries.map(sqlCount);
    expect(totals.filter((n) => n > 0).length).toBeGreaterThan(100);
    expect(totals.filter((n) => n > 0 && n < N).length).toBeGreaterThan(100);
  });

  it('totals and windows', () => {
    for (const q of queries) {
      const result = cache.queryVehicles(q);
      expect(result.total, JSON.stringify(q)).toBe(sqlCount(q));
      expect(
        result.rows.map((r) => r.reference),
        JSON.stringify(q),
      ).toEqual(sqlWindow(q));
      expect(cache.countVehicles(q)).toBe(result.total);
    }
  });

  it('facets: each dimension counted with the other filters, as a GROUP BY', () => {
    for (const q of queries) expect(cache.facetCounts({ text: q.text, filters: q.filters }), JSON.stringify(q)).toEqual(sqlFacets(q));
    expect(cache.facetCounts({})).toEqual(sqlFacets({}));
  });

  it('the summary', () => {
    const r = sqlOf(cache)
      .prepare(
        `SELECT count(*) AS total, sum(${PORTAL_STATE_SQL} = 'on') AS "on", sum(${PORTAL_STATE_SQL} = 'off') AS "off", sum(${PORTAL_STATE_SQL} = 'pending') AS pending,
      sum(highlighted = 1 AND published = 1) AS hl, sum(has_problems = 1) AS problems, sum(rejected_photo_count > 0) AS rejected,
      sum(${ATTENTION_SQL} NOT IN ('none', ${SUGGESTION_REASONS.map((r) => `'${r}'`).join(', ')})) AS attention FROM vehicles v`,
      )
      .get() as Record<string, number>;
    expect(cache.summary()).toMatchObject({
      total: r.total,
      onPortal: r.on,
      notOnPortal: r.off,
      unpublishPending: r.pending,
      highlighted: r.hl,
      withProblems: r.problems,
      withRejectedPhotos: r.rejected,
      needsAttention: r.attention,
    });
    // Every reason is there to be compared (the random queries filter on them).
    const reasons = cache.facetCounts({}).attention;
    for (const value of ATTENTION_VALUES) expect(reasons[value], value).toBeGreaterThan(0);
    expect(r.pending).toBeGreaterThan(20);
  });

  it("the whole stock asked while the snapshot is stale (answered from SQL) equals the snapshot's answer", () => {
    for (const field of SORT_FIELDS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const offset of [0, 990, 1_990]) {
          const q: InventoryQuery = { sort: { field, dir }, window: { offset, limit: 50 } };
          cache.invalidate();
          const fromSql = cache.queryVehicles(q);
          cache.summary(); // builds the snapshot
          const fromSnapshot = cache.queryVehicles(q);
          expect(fromSql.total).toBe(N);
          expect(
            fromSql.rows.map((r) => r.reference),
            `${field} ${dir} @${offset}`,
          ).toEqual(fromSnapshot.rows.map((r) => r.reference));
          expect(fromSql).toEqual(fromSnapshot);
        }
      }
    }
  });

  it('deep windows tile the whole sorted list', () => {
    for (const sort of [
      { field: 'updatedAt', dir: 'desc' },
      { field: 'color', dir: 'asc' },
      { field: 'title', dir: 'desc' },
    ] as const) {
      for (const offset of [0, 500, 1_000, 1_990]) {
        const q: InventoryQuery = { sort, window: { offset, limit: 50 } };
        expect(references(q)).toEqual(sqlWindow(q));
      }
    }
  });
});

describe('long prefixes searched as the terms they begin', () => {
  it('match exactly what the prefix matches', () => {
    const words = ['volk', 'volkswagen', 'chev', 'autom', 'completo', 'revis', 'dire', 'zzzz', 'quilometr', 'hatc'];
    for (const w of words) {
      const plain = ftsMatchExpression(w) as string;
      const ids = sqlOf(cache).prepare('SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ? ORDER BY rowid').pluck().all(plain);
      expect(cache.countVehicles({ text: w }), w).toBe(ids.length);
      expect(cache.queryVehicles({ text: w, window: { offset: 0, limit: 500 } }).rows.length, w).toBe(Math.min(500, ids.length));
    }
  });
});

describe('the snapshot follows the writes', () => {
  const count = (q: InventoryQuery = {}) => cache.countVehicles(q);

  it('a store write, a raw SQL update (said with invalidate), a raw insert, a raw delete', () => {
    const before = count({ filters: { color: ['PINK'] } });
    upsert(cache, [portalVehicle({ reference: 'PINK-1', color: 'PINK', title: 'Zyxwv Pinkmobile' })]);
    expect(count({ filters: { color: ['PINK'] } })).toBe(before + 1);
    expect(count({ text: 'zyxwv' })).toBe(1);
    sqlOf(cache).prepare("UPDATE vehicles SET color = 'PINK' WHERE reference = ?").run(stock[100]?.reference);
    cache.invalidate();
    expect(count({ filters: { color: ['PINK'] } })).toBe(before + 2);
    expect(cache.facetCounts({}).color.find((c) => c.value === 'PINK')?.count).toBe(before + 2);
    sqlOf(cache).prepare("DELETE FROM vehicles WHERE reference = 'PINK-1'").run();
    expect(count({ text: 'zyxwv' })).toBe(0);
    expect(count()).toBe(N);
    sqlOf(cache).prepare("INSERT INTO vehicles (reference, color) VALUES ('RAW-1', 'PINK')").run();
    expect(count()).toBe(N + 1);
    sqlOf(cache).prepare("DELETE FROM vehicles WHERE reference = 'RAW-1'").run();
    expect(count()).toBe(N);
  });

  it('a write that fails still invalidates (the store may have written part of it)', () => {
    const before = cache.facetCounts({});
    expect(() => cache.vehicles.upsertMany([{ parsed: { reference: 'X' } as never, raw: '{}' }])).toThrow();
    expect(cache.facetCounts({})).not.toBe(before);
    expect(cache.facetCounts({})).toEqual(before);
  });

  it('an unpublish shows in the summary at once', () => {
    const pending = cache.summary().unpublishPending;
    unpublishAccepted(cache, stock[500]?.reference as string);
    expect(cache.summary().unpublishPending).toBe(pending + 1);
  });

  it('a rolled-back transaction leaves nothing behind, and reads inside it see its writes', () => {
    const total = count();
    expect(() =>
      cache.transaction(() => {
        upsert(cache, [portalVehicle({ reference: 'GHOST', title: 'Ghostcar' })]);
        expect(count()).toBe(total + 1);
        expect(count({ text: 'ghostcar' })).toBe(1);
        throw new Error('cancelled');
      }),
    ).toThrow('cancelled');
    expect(count()).toBe(total);
    expect(count({ text: 'ghostcar' })).toBe(0);
  });

  it("another connection's commit", () => {
    const total = count();
    const other = new Database(cache.file);
    other.prepare('DELETE FROM vehicles WHERE reference = ?').run(stock[1]?.reference);
    other.close();
    expect(count()).toBe(total - 1);
    expect(cache.summary().total).toBe(total - 1);
  });

  it('touching unchanged listings (a sync seeing them again) keeps the snapshot', () => {
    const before = cache.facetCounts({});
    sqlOf(cache).exec('UPDATE vehicles SET last_seen_run = 7');
    expect(cache.facetCounts({})).toBe(before); // the same object: nothing was rebuilt
  });
});

it('orders text the way SQLite does (code points, not UTF-16 units)', () => {
  const words = ['b', 'a', 'B', 'é', 'e', '\u{1F600}', '\uFF21', 'ab', 'a'];
  const db = new Database(':memory:');
  const sqlite = db.prepare(`SELECT value FROM json_each(?) ORDER BY value`).pluck().all(JSON.stringify(words));
  db.close();
  expect([...words].sort(binaryCompare)).toEqual(sqlite);
});
