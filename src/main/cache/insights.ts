// The insights (shared/insights.ts) as SQL over the cache: each figure one grouped scan, so the
// renderer gets a few dozen numbers, never the listings. Each bar's filters are built from the
// same bounds its count was grouped by; test/cache/insights.test.ts checks that the inventory
// counts exactly the bar's listings for them.
import { ATTENTION_SQL, ATTENTION_VALUES, isSuggestion, PLAN_PICTURES, type AttentionValue } from '../../shared/attention';
import {
  OFF_REASON_SQL,
  OFF_REASONS,
  READABLE_DESCRIPTION_LENGTH,
  TOP_MIX,
  type AgeBucketInsight,
  type InsightBar,
  type Insights,
  type MixEntry,
  type OffReason,
  type PriceBand,
  type PriceByType,
} from '../../shared/insights';
import type { InventoryFilters } from '../../shared/inventory-filters';
import { AGE_BUCKETS, STOCK_AT_LEAST_SQL, STOCK_DAYS_SQL } from '../../shared/stock-age';
import type { Db } from './db';

/** Price bands' lower edges in reais, per vehicle type: motorcycles sit on a smaller scale. */
const BAND_EDGES: Record<string, readonly number[]> = { M: [0, 10_000, 20_000, 30_000, 50_000] };
const DEFAULT_EDGES: readonly number[] = [0, 30_000, 60_000, 90_000, 120_000, 200_000];
/** A band ends a cent below the next one's edge: prices are in reais with cents, and the filter's bounds are inclusive. */
const CENT = 0.01;

const ON_PORTAL = ['on', 'pending'] as const;
/** The reasons counted as "needs attention" (suggestions are not: shared/attention.ts). */
const NEEDS_ATTENTION = ATTENTION_VALUES.filter((v): v is Exclude<AttentionValue, 'none'> => v !== 'none' && !isSuggestion(v));

const bar = (count: number, filters: InventoryFilters | null): InsightBar => ({ count, filters });

const BUCKET_SQL = `CASE ${AGE_BUCKETS.map((b, i) => (b.max === undefined ? `WHEN d >= ${b.min} THEN ${i}` : `WHEN d <= ${b.max} THEN ${i}`)).join(' ')} END`;

export type InsightsQueries = ReturnType<typeof createInsightsQueries>;

export function createInsightsQueries(db: Db) {
  const total = db.prepare<[], number>('SELECT count(*) FROM vehicles').pluck();
  const ages = db.prepare<[], { b: number | null; on_portal: number; n: number; least: number }>(
    `SELECT ${BUCKET_SQL} AS b, on_portal, count(*) AS n, sum(least) AS least
       FROM (SELECT ${STOCK_DAYS_SQL} AS d, ${STOCK_AT_LEAST_SQL} AS least, v.published = 1 AS on_portal FROM vehicles v)
      GROUP BY b, on_portal`,
  );
  const types = db.prepare<[], { type: string | null; n: number }>(
    'SELECT v.type AS type, count(*) AS n FROM vehicles v WHERE v.value IS NOT NULL GROUP BY v.type ORDER BY n DESC',
  );
  const bandCount = db
    .prepare<[string | null, number, number], number>(
      'SELECT count(*) FROM vehicles v WHERE v.type IS ? AND v.value IS NOT NULL AND v.value >= ? AND v.value <= ?',
    )
    .pluck();
  const middle = db
    .prepare<[string | null, number, number], number>(
      'SELECT v.value FROM vehicles v WHERE v.type IS ? AND v.value IS NOT NULL ORDER BY v.value LIMIT ? OFFSET ?',
    )
    .pluck();
  const brands = db.prepare<[number], { brand: string | null; n: number }>(
    'SELECT v.brand AS brand, count(*) AS n FROM vehicles v GROUP BY v.brand ORDER BY n DESC, v.brand LIMIT ?',
  );
  const models = db.prepare<[number], { brand: string | null; model_id: number | null; trim: string | null; n: number }>(
    `SELECT v.brand AS brand, v.model_id AS model_id, min(v.trim) AS trim, count(*) AS n FROM vehicles v
      GROUP BY v.brand, v.model_id ORDER BY n DESC, v.brand, v.model_id LIMIT ?`,
  );
  const offReasons = db.prepare<[], { reason: OffReason; n: number }>(`SELECT ${OFF_REASON_SQL} AS reason, count(*) AS n FROM vehicles v GROUP BY reason`);
  const attention = db
    .prepare<[], number>(`SELECT count(*) FROM vehicles v WHERE ${ATTENTION_SQL} IN (${NEEDS_ATTENTION.map((r) => `'${r}'`).join(', ')})`)
    .pluck();
  const planPictures = db.prepare<[], number | null>(`SELECT ${PLAN_PICTURES}`).pluck();
  const photoCounts = db.prepare<[number], { none: number | null; fewer: number | null }>(
    'SELECT sum(v.picture_count = 0) AS none, sum(v.picture_count > 0 AND v.picture_count < ?) AS fewer FROM vehicles v',
  );
  const shortDescriptions = db
    .prepare<[number], number>(
      `SELECT count(*) FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id
        WHERE length(coalesce(json_extract(j.raw, '$.description'), '')) < ?`,
    )
    .pluck();
  const noPrice = db.prepare<[], number>('SELECT count(*) FROM vehicles v WHERE v.value IS NULL').pluck();

  function ageInsights(): Insights['age'] {
    const buckets: AgeBucketInsight[] = AGE_BUCKETS.map((b) => {
      const age = b.max === undefined ? { min: b.min } : { min: b.min, max: b.max };
      return {
        bucket: b.key,
        onPortal: bar(0, { age, portal: [...ON_PORTAL] }),
        offPortal: bar(0, { age, portal: ['off'] }),
        atLeast: 0,
      };
    });
    let unknown = 0;
    for (const row of ages.all()) {
      const bucket = row.b === null ? undefined : buckets[row.b];
      if (bucket === undefined) {
        unknown += row.n;
        continue;
      }
      (row.on_portal === 1 ? bucket.onPortal : bucket.offPortal).count += row.n;
      bucket.atLeast += row.least;
    }
    const last = buckets[buckets.length - 1] as AgeBucketInsight;
    return { buckets, unknown, over90: last.onPortal.count + last.offPortal.count, over90Off: last.offPortal.count };
  }

  function median(type: string | null, n: number): number | null {
    if (n === 0) return null;
    const values = middle.all(type, 2 - (n % 2), Math.floor((n - 1) / 2));
    return values.reduce((a, b) => a + b, 0) / values.length;
  }

  function priceInsights(): PriceByType[] {
    return types.all().map(({ type, n }) => {
      const edges = BAND_EDGES[type ?? ''] ?? DEFAULT_EDGES;
      const bands: PriceBand[] = edges.map((edge, i) => {
        const next = edges[i + 1];
        const min = i === 0 ? -Infinity : edge;
        const max = next === undefined ? Infinity : next - CENT;
        const price = { ...(i === 0 ? {} : { min: edge }), ...(next === undefined ? {} : { max }) };
        return {
          min: edge,
          max: next === undefined ? null : max,
          bar: bar(bandCount.get(type, min, max) ?? 0, type === null ? null : { type: [type], price }),
        };
      });
      return { type, bands, median: median(type, n), priced: n };
    });
  }

  function mixInsights(count: number): Insights['mix'] {
    const share = (n: number) => (count === 0 ? 0 : n / count);
    const brandEntries: MixEntry[] = brands
      .all(TOP_MIX)
      .map((r) => ({ brand: r.brand, share: share(r.n), bar: bar(r.n, r.brand === null ? null : { brand: [r.brand] }) }));
    // No filter selects a model yet: its bar opens nothing.
    const modelEntries: MixEntry[] = models
      .all(TOP_MIX)
      .map((r) => ({ brand: r.brand, modelId: r.model_id, trim: r.trim, share: share(r.n), bar: bar(r.n, null) }));
    return { brands: brandEntries, models: modelEntries };
  }

  function offPortalInsights(): Insights['offPortal'] {
    const counts = new Map(offReasons.all().map((r) => [r.reason, r.n]));
    const reasons = OFF_REASONS.filter((r): r is Exclude<OffReason, 'on'> => r !== 'on').map((reason) => ({
      reason,
      bar: bar(counts.get(reason) ?? 0, { offReason: [reason] }),
    }));
    return {
      reasons,
      total: reasons.reduce((a, r) => a + r.bar.count, 0),
      needsAttention: bar(attention.get() ?? 0, { attention: [...NEEDS_ATTENTION] }),
    };
  }

  function qualityInsights(): Insights['quality'] {
    const plan = planPictures.get() ?? null;
    const photos = photoCounts.get(plan ?? 0) ?? { none: 0, fewer: 0 };
    const fewer = plan === null || plan <= 1 ? bar(0, null) : bar(photos.fewer ?? 0, { photos: { min: 1, max: plan - 1 } });
    return {
      planPictures: plan,
      noPhotos: bar(photos.none ?? 0, { photos: { max: 0 } }),
      fewerPhotosThanPlan: fewer,
      shortDescription: bar(shortDescriptions.get(READABLE_DESCRIPTION_LENGTH) ?? 0, null),
      noPrice: bar(noPrice.get() ?? 0, { noPrice: true }),
    };
  }

  return {
    insights(): Insights {
      // One read transaction: every figure from the same listings, whatever a sync commits meanwhile.
      return db.transaction(() => {
        const count = total.get() ?? 0;
        return {
          total: count,
          age: ageInsights(),
          prices: priceInsights(),
          mix: mixInsights(count),
          offPortal: offPortalInsights(),
          quality: qualityInsights(),
        };
      })();
    },
  };
}
