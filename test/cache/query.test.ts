// The inventory query: every filter, facets (each counted with the OTHER filters), sorting on
// every column, windows, the summary, and query plans of the hot queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { SORT_FIELDS, type FacetCounts, type InventoryFilters, type InventoryQuery, type SortField, type VehicleRow } from '../../src/shared/inventory';
import { normalizePlate } from '../../src/shared/vehicle';
import { openTestCache, portalVehicle, references, tempDir, unpublishAccepted, upsert, type TempDir, sqlOf } from './helpers';

let t: TempDir;
let cache: Cache;
const BRANDS = [
  { id: 1, name: 'Fiat' },
  { id: 2, name: 'Volkswagen' },
  { id: 3, name: 'Citroën' },
];
const FUELS = ['FLEX', 'DIESEL', 'GASOLINE', 'ELETRIC'];
const COLORS = ['BLACK', 'SILVER', 'RED'];
const N = 60;

beforeAll(() => {
  t = tempDir();
  cache = openTestCache(t);
  const stock = Array.from({ length: N }, (_, i) => {
    const brand = BRANDS[i % 3] as { id: number; name: string };
    return portalVehicle({
      reference: `V${String(i).padStart(3, '0')}`,
      title: `${brand.name} Model${i % 7} ${i % 2 ? 'Turbo' : 'Comfort'}`,
      brand: { ...brand, vehicleType: i % 10 === 9 ? 'M' : 'C' },
      type: i % 10 === 9 ? 'M' : 'C',
      fuel: FUELS[i % 4],
      gearbox: i % 3 === 0 ? 'AUTOMATIC' : 'MANUAL',
      color: COLORS[i % 3],
      modelYear: 2010 + (i % 15),
      manufacturedYear: 2010 + (i % 15) - (i % 2),
      value: 20_000 + ((i * 7919) % 200_000),
      mileage: i % 10 === 3 ? 0 : (i * 3571) % 150_000,
      brandNew: i % 10 === 3,
      active: i % 8 !== 0,
      publication: i % 5 === 0 ? null : { highlighted: i % 6 === 1 },
      updatedAt: new Date(Date.UTC(2025, 0, 1) + ((i * 7) % N) * 3_600_000).toISOString(),
      licensePlate: `AB${String.fromCharCode(65 + (i % 26))}${1000 + i}`,
      trim: { id: i, name: i % 2 ? 'Highline' : 'Trendline', modelId: 100 + (i % 7) },
      pictures:
        i % 11 === 0
          ? [
              { originalUrl: 'o', order: 1, source: `s${i}-1` },
              { originalUrl: 'o', order: 3, source: `s${i}-3` },
            ]
          : Array.from({ length: 1 + (i % 4) }, (_, k) => ({ originalUrl: 'o', order: k + 1, source: `s${i}-${k + 1}` })),
      ...(i % 13 === 0 ? { doors: 'four' } : {}),
    });
  });
  upsert(cache, stock);
  for (const ref of ['V001', 'V002']) unpublishAccepted(cache, ref);
});
afterAll(() => {
  cache.close();
  t.cleanup();
});

/** Every row, fetched without filters, for checking results by hand. */
function all(): VehicleRow[] {
  return cache.queryVehicles({ window: { offset: 0, limit: 500 } }).rows;
}
function matching(filters: InventoryFilters, text?: string): string[] {
  const r = cache.queryVehicles({ filters, text, window: { offset: 0, limit: 500 } });
  expect(r.rows.length).toBe(r.total);
  return references(r.rows).sort();
}
const refsWhere = (pred: (r: VehicleRow) => boolean) => references(all().filter(pred)).sort();

describe('filters', () => {
  it('portal: on, off, pending, or several', () => {
    expect(matching({ portal: ['off'] })).toEqual(refsWhere((r) => r.portal === 'off'));
    expect(matching({ portal: ['pending'] })).toEqual(['V001', 'V002']);
    expect(matching({ portal: ['on'] })).toHaveLength(N - N / 5 - 2);
    expect(matching({ portal: ['on', 'pending'] })).toEqual(refsWhere((r) => r.portal !== 'off'));
    expect(matching({ portal: [] })).toHaveLength(N);
  });

  it('each list filter matches any of its values', () => {
    expect(matching({ brand: ['Fiat', 'Citroën'] })).toEqual(refsWhere((r) => r.brand === 'Fiat' || r.brand === 'Citroën'));
    expect(matching({ type: ['M'] })).toEqual(refsWhere((r) => r.type === 'M'));
    expect(matching({ fuel: ['DIESEL'] })).toEqual(refsWhere((r) => r.fuel === 'DIESEL'));
    expect(matching({ gearbox: ['AUTOMATIC'] })).toEqual(refsWhere((r) => r.gearbox === 'AUTOMATIC'));
    expect(matching({ color: ['RED', 'BLACK'] })).toEqual(refsWhere((r) => r.color === 'RED' || r.color === 'BLACK'));
    expect(matching({ color: ['PINK'] })).toEqual([]);
    expect(matching({ brand: [] })).toHaveLength(N);
  });

  it('ranges are inclusive, open on a missing side', () => {
    expect(matching({ year: { min: 2020, max: 2022 } })).toEqual(refsWhere((r) => (r.modelYear ?? 0) >= 2020 && (r.modelYear ?? 0) <= 2022));
    expect(matching({ price: { max: 60_000 } })).toEqual(refsWhere((r) => (r.price ?? Infinity) <= 60_000));
    expect(matching({ mileage: { min: 100_000 } })).toEqual(refsWhere((r) => (r.mileage ?? -1) >= 100_000));
    expect(matching({ price: {} })).toHaveLength(N);
  });

  it('yes/no filters', () => {
    expect(matching({ active: false })).toEqual(refsWhere((r) => r.active === false));
    expect(matching({ brandNew: true })).toEqual(refsWhere((r) => r.brandNew === true));
    expect(matching({ highlighted: true })).toEqual(refsWhere((r) => r.highlighted));
    expect(matching({ hasProblems: true })).toEqual(refsWhere((r) => r.hasProblems));
    expect(matching({ hasProblems: true }).length).toBeGreaterThan(0);
    expect(matching({ hasRejectedPhotos: true })).toEqual(refsWhere((r) => r.rejectedPhotoCount > 0));
    expect(matching({ hasRejectedPhotos: false })).toEqual(refsWhere((r) => r.rejectedPhotoCount === 0));
  });

  it('filters combine with AND, and with the text', () => {
    expect(matching({ brand: ['Fiat'], fuel: ['FLEX'], active: true })).toEqual(refsWhere((r) => r.brand === 'Fiat' && r.fuel === 'FLEX' && r.active === true));
    expect(matching({ brand: ['Volkswagen'] }, 'turbo')).toEqual(refsWhere((r) => r.brand === 'Volkswagen' && /Turbo/.test(r.title ?? '')));
  });

  it('refuses a malformed query plainly', () => {
    expect(() => cache.queryVehicles({ filters: { fuel: 'FLEX' } } as unknown as InventoryQuery)).toThrow(expect.objectContaining({ kind: 'bad_input' }));
    expect(() => cache.queryVehicles({ sort: { field: 'raw; DROP TABLE vehicles', dir: 'asc' } } as unknown as InventoryQuery)).toThrow(
      expect.objectContaining({ kind: 'bad_input' }),
    );
    expect(() => cache.queryVehicles({ window: { offset: 0, limit: 100_000 } })).toThrow(expect.objectContaining({ kind: 'bad_input' }));
  });
});

describe('sorting and windows', () => {
  const key = (field: SortField, r: VehicleRow): string | number | null => {
    switch (field) {
      case 'title':
        return r.title?.toLowerCase() ?? null;
      case 'updatedAt':
        return r.updatedAt;
      case 'plate':
        return r.plate === null ? null : normalizePlate(r.plate);
      case 'portal':
        return r.portal;
      case 'firstSeen':
        return null;
      default: {
        const v = (r as unknown as Record<string, unknown>)[field];
        return typeof v === 'boolean' ? +v : (v as string | number | null);
      }
    }
  };
  const cmp = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

  it.each(
    SORT_FIELDS.flatMap(
      (f) =>
        [
          [f, 'asc'],
          [f, 'desc'],
        ] as const,
    ),
  )('sorts on %s %s', (field, dir) => {
    const { rows, total } = cache.queryVehicles({ sort: { field, dir }, window: { offset: 0, limit: 500 } });
    expect(rows).toHaveLength(total);
    for (let i = 1; i < rows.length; i++) {
      const c = cmp(key(field, rows[i - 1] as VehicleRow), key(field, rows[i] as VehicleRow));
      expect(dir === 'asc' ? c <= 0 : c >= 0, `${field} ${dir} at ${i}`).toBe(true);
    }
  });

  it('windows tile the sorted list without gaps or overlaps', () => {
    const whole = references(cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 500 } }).rows);
    const tiles: string[] = [];
    for (let offset = 0; offset < N; offset += 7) {
      const page = cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset, limit: 7 } });
      expect(page.total).toBe(N);
      tiles.push(...references(page.rows));
    }
    expect(tiles).toEqual(whole);
    expect(cache.queryVehicles({ window: { offset: 1000, limit: 10 } })).toEqual({ total: N, rows: [] });
    expect(cache.queryVehicles({ window: { offset: 0, limit: 0 } })).toEqual({ total: N, rows: [] });
  });

  it('sorts newest first by default', () => {
    const rows = cache.queryVehicles({ window: { offset: 0, limit: 500 } }).rows;
    expect(rows.map((r) => r.updatedAt)).toEqual([...rows.map((r) => r.updatedAt)].sort().reverse());
  });
});

describe('facets', () => {
  const query: InventoryQuery = { text: 'comfort', filters: { brand: ['Fiat'], fuel: ['FLEX', 'DIESEL'], active: true, year: { min: 2012 } } };
  let facets: FacetCounts;
  beforeAll(() => {
    facets = cache.facetCounts(query);
  });

  const without = (dim: keyof InventoryFilters): InventoryQuery => {
    const { [dim]: _dropped, ...rest } = query.filters ?? {};
    return { ...query, filters: rest };
  };

  it('counts each list value with all OTHER filters applied', () => {
    for (const dim of ['brand', 'fuel', 'type', 'gearbox', 'color'] as const) {
      for (const { value, count } of facets[dim]) {
        expect(cache.countVehicles({ ...without(dim), filters: { ...without(dim).filters, [dim]: [value] } }), `${dim}=${value}`).toBe(count);
      }
      const sum = facets[dim].reduce((a, f) => a + f.count, 0);
      expect(sum, dim).toBe(cache.countVehicles(without(dim)));
    }
    // the selected brand does not hide the others
    expect(facets.brand.map((f) => f.value).sort()).toEqual(['Citroën', 'Fiat', 'Volkswagen']);
  });

  it('counts yes/no and portal states the same way', () => {
    for (const dim of ['active', 'brandNew', 'highlighted', 'hasProblems', 'hasRejectedPhotos'] as const) {
      expect(facets[dim].yes, dim).toBe(cache.countVehicles({ ...without(dim), filters: { ...without(dim).filters, [dim]: true } }));
      expect(facets[dim].no, dim).toBe(cache.countVehicles({ ...without(dim), filters: { ...without(dim).filters, [dim]: false } }));
    }
    for (const state of ['on', 'off', 'pending'] as const) {
      expect(facets.portal[state], state).toBe(cache.countVehicles({ ...query, filters: { ...query.filters, portal: [state] } }));
    }
  });

  it('gives range bounds over the other filters', () => {
    const rows = cache.queryVehicles({ ...without('year'), window: { offset: 0, limit: 500 } }).rows;
    expect(facets.year).toEqual({ min: Math.min(...rows.map((r) => r.modelYear ?? Infinity)), max: Math.max(...rows.map((r) => r.modelYear ?? -Infinity)) });
    const priced = cache.queryVehicles({ ...query, window: { offset: 0, limit: 500 } }).rows.map((r) => r.price ?? 0);
    expect(facets.price).toEqual({ min: Math.min(...priced), max: Math.max(...priced) });
    expect(cache.facetCounts({ text: 'nothingmatchesthis' }).price).toEqual({ min: null, max: null });
  });

  it('without filters, counts the whole stock', () => {
    const f = cache.facetCounts({});
    expect(f.portal.on + f.portal.off + f.portal.pending).toBe(N);
    expect(f.brand.reduce((a, b) => a + b.count, 0)).toBe(N);
    expect(f.brand[0]?.count).toBeGreaterThanOrEqual(f.brand[1]?.count ?? 0);
  });
});

it('summary gives the headline numbers', () => {
  const rows = all();
  expect(cache.summary()).toEqual({
    total: N,
    onPortal: rows.filter((r) => r.portal === 'on').length,
    notOnPortal: N / 5,
    unpublishPending: 2,
    highlighted: rows.filter((r) => r.highlighted && r.portal !== 'off').length,
    withProblems: rows.filter((r) => r.hasProblems).length,
    withRejectedPhotos: rows.filter((r) => r.rejectedPhotoCount > 0).length,
    needsAttention: rows.filter((r) => r.attention.length > 0).length,
    lastSyncAt: null,
  });
});

describe('query plans of the hot queries', () => {
  const plan = (q: InventoryQuery) => cache.explainQuery(q);
  const text = (lines: string[] | null) => (lines ?? []).join('\n');

  it('a listing by reference uses the reference index', () => {
    const lines = (sqlOf(cache).prepare("EXPLAIN QUERY PLAN SELECT id FROM vehicles WHERE reference = 'V001'").all() as { detail: string }[]).map(
      (r) => r.detail,
    );
    expect(lines.join('\n')).toMatch(/SEARCH vehicles USING (COVERING )?INDEX sqlite_autoindex_vehicles_1 \(reference=\?\)/);
  });

  // Filters and counts run in memory (the snapshot); SQLite reads each sort's order once, matches
  // the text, and fetches the window's rows by id. Each of those must stay on an index.
  it('the default list reads the updatedAt index for its order, no sort step', () => {
    const p = plan({});
    expect(p.count).toBeNull();
    expect(text(p.rows)).toMatch(/SCAN v USING (COVERING )?INDEX vehicles_by_updated/);
    expect(text(p.rows)).not.toMatch(/TEMP B-TREE/);
  });

  it.each(['value', 'mileage', 'modelYear', 'title'] as const)('sorting on %s reads its index', (field) => {
    const p = text(plan({ sort: { field, dir: 'desc' } }).rows);
    expect(p).toMatch(/USING (COVERING )?INDEX vehicles_by_/);
    expect(p).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('filters add no scan: the window is fetched by id', () => {
    const p = plan({ filters: { price: { min: 10_000, max: 50_000 }, brand: ['Fiat'] }, sort: { field: 'value', dir: 'asc' } });
    expect(p.count).toBeNull();
    expect(text(p.rows)).toMatch(/SEARCH v USING INTEGER PRIMARY KEY/);
    expect(text(p.rows)).not.toMatch(/SCAN v\b(?! USING (COVERING )?INDEX vehicles_by_value)/);
  });

  it('a text search goes through the full-text index, and the window is fetched by id', () => {
    const p = plan({ text: 'V001', filters: { active: true } });
    expect(text(p.rows)).toMatch(/VIRTUAL TABLE INDEX/);
    expect(text(p.rows)).toMatch(/SEARCH v USING INTEGER PRIMARY KEY/);
  });

  it('the cover photo is joined by its unique source index', () => {
    expect(text(plan({}).rows)).toMatch(/SEARCH p USING INDEX sqlite_autoindex_photos_1 \(source_url=\?\)/);
  });
});
