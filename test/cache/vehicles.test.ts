// The vehicle store and sync passes: what is kept, what is flagged, what a pass commits or not,
// and which publication changes are recorded with which cause.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiveVehicle, type Cache } from '../../src/main/cache/index';
import { publicationChange } from '../../src/main/cache/publication';
import { lazyReceivedVehicle, stagedVehicle } from '../../src/main/cache/vehicles';
import { MISSING_REFERENCE_PREFIX } from '../../src/shared/vehicle';
import { manualClock, openTestCache, portalVehicle, refusedChange, tempDir, unpublishAccepted, upsert, type TempDir, sqlOf } from './helpers';

let t: TempDir;
let cache: Cache;
let clock: ReturnType<typeof manualClock>;
beforeEach(() => {
  t = tempDir();
  clock = manualClock();
  cache = openTestCache(t, clock);
});
afterEach(() => {
  cache.close();
  t.cleanup();
});

describe('upsertMany', () => {
  it('keeps the raw JSON exactly as received, with unknown fields', () => {
    const raw = '{"reference":"R1","title":"Gol","extraField":{"x":1.50},"value":1e5}';
    cache.vehicles.upsertMany([receiveVehicle(JSON.parse(raw), raw)]);
    const detail = cache.getVehicle('R1');
    expect(detail?.raw).toBe(raw);
    expect(detail?.vehicle.value).toBe(100000);
  });

  it('keeps and flags a vehicle with invalid fields, other fields intact', () => {
    upsert(cache, [portalVehicle({ reference: 'BAD', mileage: 'lots', fuel: 42 })]);
    const detail = cache.getVehicle('BAD');
    expect(detail?.row.hasProblems).toBe(true);
    expect(detail?.row.problemCount).toBe(2);
    expect(detail?.problems.map((p) => p.field).sort()).toEqual(['fuel', 'mileage']);
    expect(detail?.row.mileage).toBeNull();
    expect(detail?.row.title).toBe('Volkswagen Gol 1.0 Flex');
    expect(cache.queryVehicles({ filters: { hasProblems: true } }).total).toBe(1);
  });

  it('keeps a vehicle with no reference under a stable stand-in key', () => {
    const item = portalVehicle();
    delete item.reference;
    upsert(cache, [item]);
    upsert(cache, [item]);
    const { rows, total } = cache.queryVehicles({});
    expect(total).toBe(1);
    expect(rows[0]?.reference.startsWith(MISSING_REFERENCE_PREFIX)).toBe(true);
    expect(rows[0]?.hasProblems).toBe(true);
  });

  it('keeps something that is not even an object', () => {
    upsert(cache, ['garbage', null]);
    expect(cache.summary()).toMatchObject({ total: 2, withProblems: 2 });
  });

  it('counts added, changed and unchanged; unchanged JSON rewrites nothing', () => {
    expect(upsert(cache, [portalVehicle({ reference: 'A' }), portalVehicle({ reference: 'B' })])).toMatchObject({ added: 2 });
    const counts = upsert(cache, [portalVehicle({ reference: 'A' }), portalVehicle({ reference: 'B', value: 1 })]);
    expect(counts).toMatchObject({ added: 0, changed: 1, unchanged: 1 });
    expect(cache.getVehicle('B')?.row.price).toBe(1);
  });

  it('a staged listing is parsed only when it is new or changed', () => {
    upsert(cache, [portalVehicle({ reference: 'A', value: 10 })]);
    const same = stagedVehicle(portalVehicle({ reference: 'A', value: 10 }));
    const edited = stagedVehicle(portalVehicle({ reference: 'A', value: 11 }));
    expect(same.reference).toBe('A');
    const unparseable = (staged: ReturnType<typeof stagedVehicle>) => ({
      raw: staged.raw,
      hash: staged.hash,
      reference: 'A',
      get parsed(): never {
        throw new Error('parsed although unchanged');
      },
    });
    expect(cache.vehicles.upsertMany([unparseable(same)])).toMatchObject({ unchanged: 1, changed: 0 });
    expect(() => cache.vehicles.upsertMany([unparseable(edited)])).toThrow('parsed although unchanged');
    expect(cache.vehicles.upsertMany([lazyReceivedVehicle(edited)])).toMatchObject({ changed: 1 });
    expect(cache.getVehicle('A')?.row.price).toBe(11);
    // Without a usable reference, the stand-in key comes from parsing, as parseVehicle makes it.
    expect(stagedVehicle({ reference: '' }).reference).toBeNull();
    expect(stagedVehicle('garbage').reference).toBeNull();
  });

  it('extracts the columns the list shows', () => {
    upsert(cache, [
      portalVehicle({
        reference: 'X',
        pictures: [
          { originalUrl: 'o3', order: 3, source: 's3' },
          { originalUrl: 'o1', order: 1, source: 's1' },
        ],
        publication: { highlighted: true },
      }),
    ]);
    const row = cache.getVehicle('X')?.row;
    expect(row).toMatchObject({
      pictureCount: 2,
      rejectedPhotoCount: 1,
      highlighted: true,
      portal: 'on',
      plate: 'ABC-1D23',
      brand: 'Volkswagen',
      trim: '1.0 MPI Trendline',
      modelId: 100,
    });
    expect(row?.cover).toEqual({ source: 's1', photoId: null, status: null });
    expect(cache.getVehicle('X')?.rejectedPhotoPositions).toEqual([2]);
  });

  it('is atomic: a throw in the middle of a pass leaves the previous snapshot intact', () => {
    upsert(cache, [portalVehicle({ reference: 'A', title: 'Old A' }), portalVehicle({ reference: 'B' })]);
    const before = cache.queryVehicles({});
    expect(() =>
      cache.transaction(() => {
        upsert(cache, [portalVehicle({ reference: 'A', title: 'New A' }), portalVehicle({ reference: 'C' })]);
        cache.vehicles.remove('B');
        throw new Error('network lost');
      }),
    ).toThrow('network lost');
    expect(cache.queryVehicles({})).toEqual(before);
    expect(cache.queryVehicles({ text: 'old' }).total).toBe(1);
    expect(cache.queryVehicles({ text: 'new' }).total).toBe(0);
  });
});

describe('sync passes', () => {
  it('a full pass commits everything at once and removes what the portal no longer has', () => {
    upsert(cache, [portalVehicle({ reference: 'GONE' }), portalVehicle({ reference: 'KEPT' })]);
    const pass = cache.passes.begin('full');
    pass.stage([portalVehicle({ reference: 'KEPT' })]);
    pass.stage([portalVehicle({ reference: 'NEW' })]);
    // staged pages are invisible until the commit
    expect(cache.queryVehicles({}).total).toBe(2);
    expect(cache.getVehicle('NEW')).toBeNull();
    const result = pass.commit({ pages: 2, requests: 3 });
    expect(result.counts).toMatchObject({ added: 1, unchanged: 1, removed: 1 });
    expect(result.removedReferences).toEqual(['GONE']);
    expect(
      cache
        .queryVehicles({})
        .rows.map((r) => r.reference)
        .sort(),
    ).toEqual(['KEPT', 'NEW']);
    const run = cache.runs.get(result.runId);
    expect(run).toMatchObject({ kind: 'full', outcome: 'succeeded', counts: { pages: 2, requests: 3, added: 1, removed: 1 } });
    expect(cache.summary().lastSyncAt).toBe(clock().toISOString());
    expect(cache.getVehicle('NEW')?.firstSeenRunId).toBe(result.runId);
  });

  it('an incremental pass removes nothing', () => {
    upsert(cache, [portalVehicle({ reference: 'A' }), portalVehicle({ reference: 'B' })]);
    const pass = cache.passes.begin('incremental');
    pass.stage([portalVehicle({ reference: 'A', value: 5 })]);
    expect(pass.commit().counts).toMatchObject({ changed: 1, removed: 0 });
    expect(cache.summary().total).toBe(2);
  });

  it('an abandoned pass leaves the snapshot and records how it ended', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    const pass = cache.passes.begin('full');
    pass.stage([portalVehicle({ reference: 'B' })]);
    pass.abandon('cancelled', null, { pages: 1 });
    expect(cache.queryVehicles({}).rows.map((r) => r.reference)).toEqual(['A']);
    expect(cache.runs.get(pass.runId)).toMatchObject({ outcome: 'cancelled', counts: { pages: 1 } });
    expect(sqlOf(cache).prepare('SELECT count(*) FROM temp.sync_staging').pluck().get()).toBe(0);
    expect(() => pass.stage([])).toThrow(expect.objectContaining({ kind: 'internal', detail: { reason: 'sync_pass_finished', runId: pass.runId } }));
  });

  it('a failure inside the commit rolls the whole pass back', () => {
    upsert(cache, [portalVehicle({ reference: 'A', title: 'Before' })]);
    const pass = cache.passes.begin('full');
    pass.stage([portalVehicle({ reference: 'A', title: 'After' }), portalVehicle({ reference: 'B' })]);
    sqlOf(cache).exec("CREATE TRIGGER boom BEFORE INSERT ON vehicles WHEN new.reference = 'B' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    expect(() => pass.commit()).toThrow(/disk full/);
    expect(cache.getVehicle('A')?.row.title).toBe('Before');
    expect(cache.getVehicle('B')).toBeNull();
  });

  it('a pass interrupted by a crash is closed as failed by the next one', () => {
    const crashed = cache.passes.begin('full');
    crashed.stage([portalVehicle({ reference: 'X' })]);
    const next = cache.passes.begin('full');
    expect(cache.runs.get(crashed.runId)?.outcome).toBe('failed');
    expect(next.staged).toBe(0);
    next.commit();
    expect(cache.getVehicle('X')).toBeNull();
  });
});

describe('publication changes', () => {
  it('names each cause', () => {
    const on = { published: true, highlighted: false };
    const off = { published: false, highlighted: false };
    expect(publicationChange(on, off, true)?.cause).toBe('unpublished_here');
    expect(publicationChange(on, off, false)?.cause).toBe('dropped_by_portal');
    expect(publicationChange(off, on, false)?.cause).toBe('published');
    expect(publicationChange(on, { published: true, highlighted: true }, false)?.cause).toBe('unknown');
    expect(publicationChange(on, on, false)).toBeNull();
  });

  it('records the plan dropping a listing (the plan read with it has no slot left), and why it is off the portal', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    clock.advance(60_000);
    const counts = cache.vehicles.upsertMany([receiveVehicle(portalVehicle({ reference: 'A', publication: null }))], { runId: null, planFull: true });
    expect(counts.droppedByPortal).toBe(1);
    const detail = cache.getVehicle('A');
    expect(detail?.publicationHistory).toEqual([
      {
        at: '2025-03-01T12:01:00.000Z',
        from: { published: true, highlighted: false },
        to: { published: false, highlighted: false },
        cause: 'dropped_by_portal',
        syncRunId: null,
      },
    ]);
    expect(detail?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'droppedByPlan' });
  });

  it('an unpublish is pending until a read shows publication null, then recorded as ours', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    unpublishAccepted(cache, 'A');
    expect(cache.getVehicle('A')?.row).toMatchObject({ portal: 'pending' });
    // a read while the portal's queue works: still published, still pending
    upsert(cache, [portalVehicle({ reference: 'A', value: 2 })]);
    expect(cache.getVehicle('A')?.row.portal).toBe('pending');
    const pass = cache.passes.begin('incremental');
    pass.stage([portalVehicle({ reference: 'A', value: 2, publication: null })]);
    const { runId } = pass.commit();
    const detail = cache.getVehicle('A');
    expect(detail?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'unpublishedHere' });
    expect(detail?.publicationHistory.map((e) => [e.cause, e.syncRunId])).toEqual([['unpublished_here', runId]]);
  });

  it('records publishing again and clears the reason', () => {
    upsert(cache, [portalVehicle({ reference: 'A', publication: null })]);
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    const detail = cache.getVehicle('A');
    expect(detail?.publicationHistory.map((e) => e.cause)).toEqual(['published']);
    expect(detail?.row).toMatchObject({ portal: 'on', notOnPortalReason: null });
  });

  it('an unreadable publication keeps what was known rather than inventing a change', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    upsert(cache, [portalVehicle({ reference: 'A', publication: 'weird' })]);
    const detail = cache.getVehicle('A');
    expect(detail?.publicationHistory).toEqual([]);
    expect(detail?.row).toMatchObject({ portal: 'on', hasProblems: true });
  });

  it('a refused unpublish keeps the listing on the portal, needing the dealer', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    refusedChange(cache, 'unpublish', 'A', 'Veículo em negociação');
    expect(cache.getVehicle('A')?.row).toMatchObject({ portal: 'on', attention: ['unpublishRefused'] });
  });

  it('a listing off the portal is off, whatever unpublish is on its way', () => {
    upsert(cache, [portalVehicle({ reference: 'A', publication: null })]);
    unpublishAccepted(cache, 'A');
    expect(cache.getVehicle('A')?.row.portal).toBe('off');
  });
});

it('latestUpdatedAt gives where an incremental pass can stop', () => {
  upsert(cache, [portalVehicle({ updatedAt: '2025-01-01T00:00:00.000Z' }), portalVehicle({ updatedAt: '2025-02-03T00:00:00.000Z' })]);
  expect(cache.vehicles.latestUpdatedAt()).toBe('2025-02-03T00:00:00.000Z');
});

describe('first sync of a big stock', () => {
  const indexes = () =>
    sqlOf(cache).prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'vehicles' ORDER BY name").pluck().all() as string[];
  const stock = (n: number) => Array.from({ length: n }, (_, i) => portalVehicle({ reference: `BULK-${i}`, value: i }));

  it('builds the indexes after the rows, and ends with the same indexes', () => {
    const before = indexes();
    expect(upsert(cache, stock(5000)).added).toBe(5000);
    expect(indexes()).toEqual(before);
    expect(cache.explainQuery({ sort: { field: 'value', dir: 'asc' } }).rows.join()).toMatch(/vehicles_by_value/);
    expect(cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 1 } }).rows[0]?.reference).toBe('BULK-4999');
  });

  it('a sync pass into an empty cache loads in bulk across its batches; the next pass does not', () => {
    // Each DROP INDEX and CREATE INDEX moves the schema version: that is the bulk load seen from outside.
    const schemaVersion = () => sqlOf(cache).pragma('schema_version', { simple: true }) as number;
    const items = stock(5000);
    const first = cache.passes.begin('full');
    first.stage(items);
    const before = schemaVersion();
    expect(first.commit().counts.added).toBe(5000);
    expect(schemaVersion() - before).toBe(2 * indexes().filter((name) => !name.startsWith('sqlite_autoindex')).length);
    expect(cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 1 } }).rows[0]?.reference).toBe('BULK-4999');

    const second = cache.passes.begin('full');
    second.stage(items.map((v, i) => (i === 0 ? { ...v, value: -1 } : v)));
    const after = schemaVersion();
    expect(second.commit().counts).toMatchObject({ changed: 1, unchanged: 4999 });
    expect(schemaVersion()).toBe(after);
    expect(cache.queryVehicles({ sort: { field: 'value', dir: 'asc' }, window: { offset: 0, limit: 1 } }).rows[0]?.reference).toBe('BULK-0');
  });

  it('a failure restores the indexes with the empty snapshot', () => {
    const before = indexes();
    const items = stock(5000);
    expect(() =>
      cache.transaction(() => {
        upsert(cache, items);
        throw new Error('cancelled');
      }),
    ).toThrow('cancelled');
    expect(indexes()).toEqual(before);
    expect(cache.summary().total).toBe(0);
  });
});
