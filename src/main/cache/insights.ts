// The insights (shared/insights.ts), counted over the inventory's in-memory snapshot (snapshot.ts):
// the same columns the inventory's filters test, so each bar counts exactly the listings its
// filters select, pending changes' overlays included, in one loop over typed arrays. What the
// snapshot does not hold (the top models, which days are lower bounds) comes from two walks of
// indexes (schema 14). The renderer gets a few dozen numbers, never the listings.
// test/cache/insights.test.ts checks each figure and that the inventory counts each bar's listings.
import { ATTENTION_VALUES, COUNTED_REASONS, PLAN_PICTURES } from '../../shared/attention';
import {
  OFF_REASONS,
  TOP_MIX,
  type AgeBucketInsight,
  type InsightBar,
  type Insights,
  type MixEntry,
  type OffReason,
  type PriceByType,
} from '../../shared/insights';
import { PORTAL_STATES, dimensionsOf, type DimensionOf, type InventoryFilters } from '../../shared/inventory-filters';
import { AGE_BUCKETS, NOW_DAY_SQL } from '../../shared/stock-age';
import type { Db } from './db';
import { createOverTimeQueries } from './insights-over-time';
import type { Snapshot } from './snapshot';
import { IN_STOCK_SQL } from '../../shared/pending-changes';

/** Price bands' lower edges in reais, per vehicle type: motorcycles sit on a smaller scale. */
const BAND_EDGES: Record<string, readonly number[]> = { M: [0, 10_000, 20_000, 30_000, 50_000] };
const DEFAULT_EDGES: readonly number[] = [0, 30_000, 60_000, 90_000, 120_000, 200_000];
/** A band ends a cent below the next one's edge: prices are in reais with cents, and the filter's bounds are inclusive. */
const CENT = 0.01;

const ON_PORTAL = ['on', 'pending'] as const;

const bar = (count: number, filters: InventoryFilters | null): InsightBar => ({ count, filters });

// The snapshot's columns by dimension: each kind's arrays come in its dimensions' table order.
const stateAt = (s: Snapshot, d: DimensionOf<'state'>) => s.states[dimensionsOf('state').indexOf(d)] as Uint8Array;
const rangeAt = (s: Snapshot, d: DimensionOf<'range'>) => s.ranges[dimensionsOf('range').indexOf(d)] as Float64Array;
const flagAt = (s: Snapshot, d: DimensionOf<'flag'>) => s.bools[dimensionsOf('flag').indexOf(d)] as Int8Array;
const listAt = (s: Snapshot, d: DimensionOf<'values'>) => s.lists[dimensionsOf('values').indexOf(d)] as Snapshot['lists'][number];

/** The age bucket (index into AGE_BUCKETS) of a number of days; -1 when none is known. */
function bucketOf(days: number): number {
  if (Number.isNaN(days)) return -1;
  for (let b = 0; b < AGE_BUCKETS.length; b++) {
    const max = AGE_BUCKETS[b]?.max;
    if (max === undefined || days <= max) return b;
  }
  return -1;
}

const inc = (counts: Int32Array, i: number): void => {
  counts[i] = (counts[i] as number) + 1;
};

/** How many of each code (-1, NULL, counted apart), over every position. */
function countCodes(codes: Uint8Array | Int32Array, size: number): { counts: Int32Array; nulls: number } {
  const counts = new Int32Array(size);
  let nulls = 0;
  for (let p = 0; p < codes.length; p++) {
    const c = codes[p] as number;
    if (c < 0) nulls++;
    else inc(counts, c);
  }
  return { counts, nulls };
}

/** The k-th smallest value (0-based), moving `values` around it (Hoare's selection): no sort of every price. */
function nth(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i++] = values[j] as number;
        values[j--] = swap;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k] as number;
}

/** The median of `values` (reordered), null when there are none. */
export function median(values: Float64Array): number | null {
  const n = values.length;
  if (n === 0) return null;
  const upper = nth(values, n >> 1);
  if (n % 2 === 1) return upper;
  // After the selection every value below index n/2 is at most `upper`: the lower middle is their largest.
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) lower = Math.max(lower, values[i] as number);
  return (lower + upper) / 2;
}

/** SQLite's order of text (binary, NULL first), which the SQL these figures replaced sorted ties by. */
const textOrder = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

export type InsightsQueries = ReturnType<typeof createInsightsQueries>;

export function createInsightsQueries(db: Db, current: () => Snapshot) {
  const models = db.prepare<[number], { brand: string | null; model_id: number | null; trim: string | null; n: number }>(
    `SELECT v.brand AS brand, v.model_id AS model_id, min(v.trim) AS trim, count(*) AS n FROM vehicles v WHERE ${IN_STOCK_SQL}
      GROUP BY v.brand, v.model_id ORDER BY n DESC, v.brand, v.model_id LIMIT ?`,
  );
  // The catalogue's names of the top models (a sync mirrors the models of the brands in stock): a few ids, one pass.
  const modelNames = db.prepare<[string], { id: number; name: string }>(
    "SELECT id, min(name) AS name FROM catalogue_items WHERE list = 'models' AND id IN (SELECT value FROM json_each(?)) GROUP BY id",
  );
  // The listings whose days are a lower bound, by the day they count from: a walk of a small partial index (schema 14).
  const lowerBounds = db.prepare<[], { day: number; n: number }>(
    `SELECT v.stock_since_day AS day, count(*) AS n FROM vehicles v WHERE v.stock_at_least = 1 AND v.stock_since_day IS NOT NULL AND ${IN_STOCK_SQL} GROUP BY v.stock_since_day`,
  );
  const today = db.prepare<[], number>(`SELECT ${NOW_DAY_SQL}`).pluck();
  const history = createOverTimeQueries(db);
  const planPictures = db.prepare<[], number | null>(`SELECT ${PLAN_PICTURES}`).pluck();

  function ageInsights(s: Snapshot): Insights['age'] {
    const days = rangeAt(s, 'age');
    const portal = stateAt(s, 'portal');
    const isOn = new Uint8Array(PORTAL_STATES.length);
    for (const v of ON_PORTAL) isOn[PORTAL_STATES.indexOf(v)] = 1;
    // Per bucket, on the portal at 2b, off at 2b + 1.
    const counts = new Int32Array(2 * AGE_BUCKETS.length);
    let unknown = 0;
    for (let p = 0; p < s.n; p++) {
      const b = bucketOf(days[p] as number);
      if (b < 0) unknown++;
      else inc(counts, 2 * b + 1 - (isOn[portal[p] as number] as number));
    }
    const atLeast = new Int32Array(AGE_BUCKETS.length);
    const now = today.get() ?? 0;
    for (const row of lowerBounds.all()) {
      const b = bucketOf(Math.max(0, now - row.day));
      if (b >= 0) atLeast[b] = (atLeast[b] as number) + row.n;
    }
    const buckets: AgeBucketInsight[] = AGE_BUCKETS.map((b, i) => {
      const age = b.max === undefined ? { min: b.min } : { min: b.min, max: b.max };
      return {
        bucket: b.key,
        onPortal: bar(counts[2 * i] as number, { age, portal: [...ON_PORTAL] }),
        offPortal: bar(counts[2 * i + 1] as number, { age, portal: ['off'] }),
        atLeast: atLeast[i] as number,
      };
    });
    const last = buckets[buckets.length - 1] as AgeBucketInsight;
    return { buckets, unknown, over90: last.onPortal.count + last.offPortal.count, over90Off: last.offPortal.count };
  }

  function priceInsights(s: Snapshot): PriceByType[] {
    const prices = rangeAt(s, 'price');
    const type = listAt(s, 'type');
    // Each type's prices, sorted: the bands are counted and the median read from them. Code -1 (no type) at slot 0.
    const sizes = new Int32Array(type.values.length + 1);
    for (let p = 0; p < s.n; p++) if (!Number.isNaN(prices[p])) inc(sizes, (type.codes[p] as number) + 1);
    const byType = Array.from(sizes, (size) => new Float64Array(size));
    const filled = new Int32Array(sizes.length);
    for (let p = 0; p < s.n; p++) {
      const price = prices[p] as number;
      if (Number.isNaN(price)) continue;
      const slot = (type.codes[p] as number) + 1;
      (byType[slot] as Float64Array)[filled[slot] as number] = price;
      inc(filled, slot);
    }
    const types = byType
      .map((values, slot) => ({ type: slot === 0 ? null : (type.values[slot - 1] as string), values }))
      .filter((t) => t.values.length > 0)
      .sort((a, b) => b.values.length - a.values.length || textOrder(a.type, b.type));
    return types.map(({ type: t, values }) => {
      const edges = BAND_EDGES[t ?? ''] ?? DEFAULT_EDGES;
      const counts = new Array<number>(edges.length).fill(0);
      for (const value of values) {
        let band = 0;
        while (band + 1 < edges.length && value > (edges[band + 1] as number) - CENT) band++;
        counts[band] = (counts[band] as number) + 1;
      }
      return {
        type: t,
        bands: edges.map((edge, i) => {
          const next = edges[i + 1];
          const max = next === undefined ? null : next - CENT;
          const price = { ...(i === 0 ? {} : { min: edge }), ...(max === null ? {} : { max }) };
          return { min: edge, max, bar: bar(counts[i] as number, t === null ? null : { type: [t], price }) };
        }),
        median: median(values),
        priced: values.length,
      };
    });
  }

  function mixInsights(s: Snapshot): Insights['mix'] {
    const share = (n: number) => (s.n === 0 ? 0 : n / s.n);
    const brand = listAt(s, 'brand');
    const { counts, nulls } = countCodes(brand.codes, brand.values.length);
    const entries: Array<{ brand: string | null; n: number }> = brand.values.map((name, code) => ({ brand: name, n: counts[code] as number }));
    if (nulls > 0) entries.push({ brand: null, n: nulls });
    const brands: MixEntry[] = entries
      .filter((e) => e.n > 0)
      .sort((a, b) => b.n - a.n || textOrder(a.brand, b.brand))
      .slice(0, TOP_MIX)
      .map((e) => ({ brand: e.brand, share: share(e.n), bar: bar(e.n, e.brand === null ? null : { brand: [e.brand] }) }));
    const top = models.all(TOP_MIX);
    const named = new Map(modelNames.all(JSON.stringify(top.map((r) => r.model_id))).map((r) => [r.id, r.name]));
    // The brand and model filters select the group's listings; no filter selects a missing brand or model (NULL).
    const modelEntries: MixEntry[] = top.map((r) => ({
      brand: r.brand,
      modelId: r.model_id,
      model: r.model_id === null ? null : (named.get(r.model_id) ?? null),
      trim: r.trim,
      share: share(r.n),
      bar: bar(r.n, r.brand === null || r.model_id === null ? null : { brand: [r.brand], model: [String(r.model_id)] }),
    }));
    return { brands, models: modelEntries };
  }

  function offPortalInsights(s: Snapshot): Insights['offPortal'] {
    const { counts } = countCodes(stateAt(s, 'offReason'), OFF_REASONS.length);
    const reasons = OFF_REASONS.filter((r): r is Exclude<OffReason, 'on'> => r !== 'on').map((reason) => ({
      reason,
      bar: bar(counts[OFF_REASONS.indexOf(reason)] as number, { offReason: [reason] }),
    }));
    const attention = countCodes(stateAt(s, 'attention'), ATTENTION_VALUES.length).counts;
    return {
      reasons,
      total: reasons.reduce((a, r) => a + r.bar.count, 0),
      needsAttention: bar(
        COUNTED_REASONS.reduce((a, r) => a + (attention[ATTENTION_VALUES.indexOf(r)] as number), 0),
        { attention: [...COUNTED_REASONS] },
      ),
    };
  }

  function qualityInsights(s: Snapshot): Insights['quality'] {
    const plan = planPictures.get() ?? null;
    const photos = rangeAt(s, 'photos');
    const noPrice = flagAt(s, 'noPrice');
    const short = flagAt(s, 'shortDescription');
    let none = 0;
    let fewer = 0;
    let unpriced = 0;
    let shortDescriptions = 0;
    for (let p = 0; p < s.n; p++) {
      const count = photos[p] as number;
      if (count <= 0) none++;
      else if (plan !== null && count < plan) fewer++;
      if (noPrice[p] === 1) unpriced++;
      if (short[p] === 1) shortDescriptions++;
    }
    return {
      planPictures: plan,
      noPhotos: bar(none, { photos: { max: 0 } }),
      fewerPhotosThanPlan: plan === null || plan <= 1 ? bar(0, null) : bar(fewer, { photos: { min: 1, max: plan - 1 } }),
      shortDescription: bar(shortDescriptions, { shortDescription: true }),
      noPrice: bar(unpriced, { noPrice: true }),
    };
  }

  return {
    insights(): Insights {
      // The snapshot outside a transaction, where it is kept for the inventory's reads (generation.ts); the
      // reads beside it in one transaction, so they agree with each other whatever a sync commits meanwhile.
      const s = current();
      return db.transaction(() => {
        return {
          total: s.n,
          age: ageInsights(s),
          prices: priceInsights(s),
          mix: mixInsights(s),
          offPortal: offPortalInsights(s),
          quality: qualityInsights(s),
          overTime: history.overTime(),
        };
      })();
    },
  };
}
