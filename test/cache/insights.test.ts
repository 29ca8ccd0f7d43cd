// The insights against a small inventory built by hand: every figure known in advance, the
// first sync's listings counted as lower bounds, and every bar's filters selecting exactly its
// listings in the inventory (the snapshot, as the screen's click lands there) and in SQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_META_KEY } from '../../src/shared/attention';
import type { InsightBar, Insights } from '../../src/shared/insights';
import type { InventoryFilters } from '../../src/shared/inventory-filters';
import { DAY_MS } from '../../src/shared/stock-age';
import type { Cache } from '../../src/main/cache/index';
import { median } from '../../src/main/cache/insights';
import { manualClock, openTestCache, portalVehicle, sqlCount, sqlOf, tempDir, upsert, type TempDir } from './helpers';

const T0 = '2025-03-01T12:00:00.000Z';
const daysBefore = (days: number) => new Date(Date.parse(T0) - days * DAY_MS).toISOString();
const long = 'x'.repeat(900);

let t: TempDir;
let cache: Cache;
let insights: Insights;

beforeEach(() => {
  t = tempDir();
  const clock = manualClock(T0);
  cache = openTestCache(t, clock);
  // The account's first sync, at T0: what it sees was there before, for at least as long as its dates say.
  const first = cache.runs.start('full');
  upsert(
    cache,
    [
      // Updated 100 days before the first sync: at least 150 days at T0 + 50.
      portalVehicle({ reference: 'OLD', updatedAt: daysBefore(100), value: 25_000, description: long }),
      // Updated only after the sync started: at least 50 days, from the sync's start.
      portalVehicle({
        reference: 'FIRST',
        updatedAt: '2025-03-05T00:00:00.000Z',
        value: 95_000,
        description: long,
        trim: { id: 20, name: 'Highline 200 TSI', modelId: 200 },
      }),
      // Off the portal, unpublished here (set below), no price, no photos.
      portalVehicle({ reference: 'OFF', updatedAt: daysBefore(20), value: undefined, pictures: [], publication: null }),
      // Off the portal, inactive, and a motorcycle; updated (by the helper's default) 28 days before the sync.
      portalVehicle({ reference: 'MOTO', type: 'M', brand: { id: 2, name: 'Honda', vehicleType: 'M' }, active: false, publication: null, value: 12_000 }),
    ],
    first,
  );
  cache.runs.finish(first, 'succeeded', {});
  // A later sync, 40 days on: it first sees NEW, whose own dates do not count (Showroom saw it arrive).
  clock.advance(40 * DAY_MS);
  const second = cache.runs.start('incremental');
  upsert(cache, [portalVehicle({ reference: 'NEW', updatedAt: daysBefore(300), value: 30_000, description: long })], second);
  cache.runs.finish(second, 'succeeded', {});
  sqlOf(cache).prepare("UPDATE vehicles SET off_cause = 'unpublished_here' WHERE reference = 'OFF'").run();
  cache.meta.setJson(PLAN_META_KEY, { plan: { currentPlan: { pictureQuantity: 3 } } });
  cache.invalidate();
  clock.advance(10 * DAY_MS);
  insights = cache.insights();
});

afterEach(() => {
  cache.close();
  t.cleanup();
});

/** Every bar with its filters: the inventory counts exactly the bar's listings, from the snapshot and from SQL. */
function bars(i: Insights): InsightBar[] {
  return [
    ...i.age.buckets.flatMap((b) => [b.onPortal, b.offPortal]),
    ...i.prices.flatMap((p) => p.bands.map((b) => b.bar)),
    ...i.mix.brands.map((b) => b.bar),
    ...i.mix.models.map((m) => m.bar),
    ...i.offPortal.reasons.map((r) => r.bar),
    i.offPortal.needsAttention,
    i.quality.noPhotos,
    i.quality.fewerPhotosThanPlan,
    i.quality.shortDescription,
    i.quality.noPrice,
  ];
}

describe('insights over a hand-built inventory', () => {
  it('days in stock: from the first sight, or a lower bound for what the first sync found', () => {
    const days = Object.fromEntries(
      cache.queryVehicles({ window: { offset: 0, limit: 10 } }).rows.map((r) => [r.reference, [r.daysInStock, r.daysInStockAtLeast]]),
    );
    expect(days).toEqual({ OLD: [150, true], FIRST: [50, true], OFF: [70, true], MOTO: [78, true], NEW: [10, false] });
    expect(cache.getVehicle('NEW')?.row).toMatchObject({ daysInStock: 10, daysInStockAtLeast: false });
  });

  it('filters and sorts on days in stock', () => {
    const refs = (q: Parameters<Cache['queryVehicles']>[0]) => cache.queryVehicles(q).rows.map((r) => r.reference);
    expect(refs({ filters: { age: { min: 60 } }, sort: { field: 'daysInStock', dir: 'desc' } })).toEqual(['OLD', 'MOTO', 'OFF']);
    expect(refs({ filters: { age: { min: 11, max: 50 } }, sort: { field: 'daysInStock', dir: 'asc' } }).sort()).toEqual(['FIRST']);
    expect(sqlCount(cache, { filters: { age: { min: 90 } } })).toBe(1);
  });

  it('stock by age bucket, split on and off the portal, with the lower bounds counted', () => {
    const byBucket = Object.fromEntries(insights.age.buckets.map((b) => [b.bucket, [b.onPortal.count, b.offPortal.count, b.atLeast]]));
    expect(byBucket).toEqual({ '0-15': [1, 0, 0], '16-30': [0, 0, 0], '31-60': [1, 0, 1], '61-90': [0, 2, 2], '90+': [1, 0, 1] });
    expect(insights.age).toMatchObject({ unknown: 0, over90: 1, over90Off: 0 });
  });

  it('price bands per type, with the median', () => {
    const cars = insights.prices.find((p) => p.type === 'C');
    expect(cars?.median).toBe(30_000);
    expect(cars?.priced).toBe(3);
    expect(cars?.bands.map((b) => b.bar.count)).toEqual([1, 1, 0, 1, 0, 0]);
    const motorcycles = insights.prices.find((p) => p.type === 'M');
    expect(motorcycles).toMatchObject({ median: 12_000, priced: 1 });
    expect(motorcycles?.bands.map((b) => b.bar.count)).toEqual([0, 1, 0, 0, 0]);
  });

  it('top brands and models, with their share', () => {
    expect(insights.total).toBe(5);
    expect(insights.mix.brands.map((b) => [b.brand, b.bar.count, b.share])).toEqual([
      ['Volkswagen', 4, 0.8],
      ['Honda', 1, 0.2],
    ]);
    // Honda's model 100 is not Volkswagen's: the models group by brand and model, as the portal's ids are per brand.
    expect(insights.mix.models.map((m) => [m.brand, m.modelId, m.trim, m.bar.count, m.share])).toEqual([
      ['Volkswagen', 100, '1.0 MPI Trendline', 3, 0.6],
      ['Honda', 100, '1.0 MPI Trendline', 1, 0.2],
      ['Volkswagen', 200, 'Highline 200 TSI', 1, 0.2],
    ]);
  });

  it('each top model opens exactly its listings, by brand and model', () => {
    expect(insights.mix.models.map((m) => m.bar.filters)).toEqual([
      { brand: ['Volkswagen'], model: ['100'] },
      { brand: ['Honda'], model: ['100'] },
      { brand: ['Volkswagen'], model: ['200'] },
    ]);
    const refs = (filters: InventoryFilters | null) =>
      cache
        .queryVehicles({ filters: filters ?? {}, window: { offset: 0, limit: 10 } })
        .rows.map((r) => r.reference)
        .sort();
    expect(refs(insights.mix.models[2]?.bar.filters ?? null)).toEqual(['FIRST']);
    expect(refs(insights.mix.models[1]?.bar.filters ?? null)).toEqual(['MOTO']);
  });

  it("names a top model by the catalogue's name once a sync has read its brand's models", () => {
    expect(insights.mix.models.map((m) => m.model)).toEqual([null, null, null]);
    sqlOf(cache).prepare("INSERT INTO catalogue_items (list, parent, position, id, name, raw) VALUES ('models', '1', 0, 200, 'Polo', '{}')").run();
    expect(cache.insights().mix.models.map((m) => m.model)).toEqual([null, null, 'Polo']);
  });

  it("names a listing's model in its row and its detail by the catalogue's name, once mirrored", () => {
    const polo = () => cache.getVehicle('FIRST')?.row.model;
    const before = polo();
    sqlOf(cache).prepare("INSERT INTO catalogue_items (list, parent, position, id, name, raw) VALUES ('models', '1', 0, 200, 'Polo', '{}')").run();
    expect([before, polo()]).toEqual([null, 'Polo']);
    expect(cache.queryVehicles({ text: 'FIRST', window: { offset: 0, limit: 10 } }).rows.map((r) => r.model)).toEqual(['Polo']);
  });

  it('off the portal by reason, and what needs attention', () => {
    expect(Object.fromEntries(insights.offPortal.reasons.map((r) => [r.reason, r.bar.count]))).toEqual({
      unpublishedHere: 1,
      droppedByPlan: 0,
      inactive: 1,
      offElsewhere: 0,
      unknown: 0,
    });
    expect(insights.offPortal.total).toBe(2);
    // MOTO is inactive, OFF lacks its price (a data problem); fewer photos than the plan is only a suggestion.
    expect(cache.getVehicle('OFF')?.row.attention).toContain('dataProblem');
    expect(insights.offPortal.needsAttention.count).toBe(2);
  });

  it('listing quality: photos against the plan, short descriptions, no price', () => {
    expect(insights.quality).toMatchObject({ planPictures: 3 });
    expect(insights.quality.noPhotos.count).toBe(1);
    expect(insights.quality.fewerPhotosThanPlan.count).toBe(4);
    // OFF and MOTO keep the helper's short description.
    expect(insights.quality.shortDescription.count).toBe(2);
    expect(insights.quality.noPrice.count).toBe(1);
  });

  it('each bar’s filters select exactly its listings', () => {
    for (const bar of bars(insights)) {
      if (bar.filters === null) continue;
      expect(cache.countVehicles({ filters: bar.filters }), JSON.stringify(bar.filters)).toBe(bar.count);
      expect(sqlCount(cache, { filters: bar.filters }), JSON.stringify(bar.filters)).toBe(bar.count);
    }
  });

  it('a listing the first sync found keeps counting from its oldest date when the portal updates it later', () => {
    const third = cache.runs.start('incremental');
    upsert(
      cache,
      [
        portalVehicle({ reference: 'OLD', updatedAt: daysBefore(-49), value: 26_000, description: long }),
        portalVehicle({ reference: 'NEW', updatedAt: daysBefore(-49), value: 31_000, description: long }),
      ],
      third,
    );
    cache.runs.finish(third, 'succeeded', {});
    const days = Object.fromEntries(
      cache.queryVehicles({ filters: { brand: ['Volkswagen'] }, window: { offset: 0, limit: 10 } }).rows.map((r) => [r.reference, r.daysInStock]),
    );
    expect(days).toMatchObject({ OLD: 150, NEW: 10 });
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const n of [1, 2, 3, 4, 5, 10, 11, 100, 101, 1000]) {
      const values = Float64Array.from({ length: n }, () => Math.round(random() * 50) * 1000);
      const sorted = [...values].sort((a, b) => a - b);
      const expected = n % 2 === 1 ? sorted[(n - 1) / 2] : ((sorted[n / 2 - 1] as number) + (sorted[n / 2] as number)) / 2;
      expect(median(values), String(n)).toBe(expected);
    }
    expect(median(new Float64Array(0))).toBeNull();
  });
});
