// The insights over time against a sync history built by hand: weeks from Monday (UTC), the stock as
// each week's last committed sync left it, what syncs added and removed in the week (the first
// sync adds none), failed syncs ignored, and syncs from before the stock was recorded shown without it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_META_KEY } from '../../src/shared/attention';
import { DAY_MS } from '../../src/shared/stock-age';
import type { Cache } from '../../src/main/cache/index';
import { manualClock, openTestCache, portalVehicle, sqlOf, tempDir, type TempDir } from './helpers';

let t: TempDir;
let cache: Cache;
let clock: ReturnType<typeof manualClock>;

const listing = (reference: string, value: number | undefined, published = true) =>
  portalVehicle({ reference, value, ...(published ? {} : { publication: null }) });

function sync(kind: 'full' | 'incremental', items: unknown[]): number {
  const pass = cache.passes.begin(kind);
  pass.stage(items);
  return pass.commit().runId;
}

beforeEach(() => {
  t = tempDir();
  // A Wednesday.
  clock = manualClock('2025-03-05T12:00:00.000Z');
  cache = openTestCache(t, clock);
  cache.meta.setJson(PLAN_META_KEY, { plan: { currentPlan: { adsQuantity: 5, pictureQuantity: 10 } } });
});

afterEach(() => {
  cache.close();
  t.cleanup();
});

describe('insights over time', () => {
  it('a week per sync week: the stock its last sync left, added and removed, the plan limit', () => {
    // A sync from before the stock was recorded (schema 13), the week before.
    sqlOf(cache)
      .prepare(
        "INSERT INTO sync_runs (kind, started_at, ended_at, outcome, counts) VALUES ('full', '2025-02-26T09:00:00.000Z', '2025-02-26T09:01:00.000Z', 'ok', '{\"added\":2,\"removed\":1}')",
      )
      .run();
    sync('full', [listing('A', 10_000), listing('B', 20_000), listing('C', 30_000, false), listing('N', undefined)]);
    clock.advance(2 * DAY_MS);
    const second = sync('incremental', [listing('D', 40_000)]);
    // The sync engine finishes a run again after its commit, its counts corrected (sync/index.ts): the stock stays.
    cache.runs.finish(second, 'succeeded', { added: 1, removed: 0 });
    // A failed sync counts for nothing.
    const failed = cache.runs.start('full');
    cache.runs.finish(failed, 'failed', { added: 9, removed: 9 });
    // Next Monday, 00:30 UTC: the next week.
    clock.advance(2 * DAY_MS + 12.5 * 3_600_000);
    cache.meta.setJson(PLAN_META_KEY, { plan: { currentPlan: { adsQuantity: 4, pictureQuantity: 10 } } });
    sync('full', [listing('B', 20_000), listing('C', 30_000, false), listing('D', 40_000), listing('N', undefined)]);

    expect(cache.insights().overTime).toEqual([
      { week: '2025-02-24', inStock: null, onPortal: null, planLimit: null, averagePrice: null, added: 2, removed: 1, sold: 0, daysToSell: null },
      // The first sync found four listings: none "added". The next added D; the week ends with five, four on the portal, four priced.
      { week: '2025-03-03', inStock: 5, onPortal: 4, planLimit: 5, averagePrice: 25_000, added: 1, removed: 0, sold: 0, daysToSell: null },
      { week: '2025-03-10', inStock: 4, onPortal: 3, planLimit: 4, averagePrice: 30_000, added: 0, removed: 1, sold: 0, daysToSell: null },
    ]);
  });

  it('sold per week by the sale’s day, and the days those listings were in stock on average; a removed listing is not sold', () => {
    sync('full', [listing('A', 10_000)]);
    clock.advance(2 * DAY_MS);
    // In stock from Friday 2025-03-07 (not at the first sync: an exact day).
    sync('incremental', [listing('E', 50_000), listing('F', 60_000)]);
    clock.advance(3 * DAY_MS);
    // Monday 2025-03-10: E and F are gone from the portal; only E was marked as sold (on Sunday, the week before).
    sync('full', [listing('A', 10_000)]);
    expect(cache.departed.markSold('E', '2025-03-09T15:00:00.000Z')).toBe(true);
    clock.advance(3 * DAY_MS);
    sync('full', [listing('A', 10_000)]);
    expect(cache.departed.get('F')).toMatchObject({ leftAs: 'removed' });
    const weeks = cache.insights().overTime.map(({ week, sold, daysToSell }) => ({ week, sold, daysToSell }));
    expect(weeks).toEqual([
      { week: '2025-03-03', sold: 1, daysToSell: 2 },
      { week: '2025-03-10', sold: 0, daysToSell: null },
    ]);
  });

  it('no sync yet: no weeks', () => {
    expect(cache.insights().overTime).toEqual([]);
  });
});
