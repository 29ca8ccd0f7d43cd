// The listings that need the dealer: each reason computed by the cache from a real SQLite file
// (rows, the filter by first reason, its counts and the summary), the time a missing address is
// given, and the plan's photos per listing read from the stored plan.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_APPLIED_AFTER_MS, receiveVehicle, type Cache } from '../../src/main/cache/index';
import { storePlan } from '../../src/main/sync/plan';
import { ATTENTION_REASONS, ATTENTION_VALUES, type AttentionValue } from '../../src/shared/attention';
import type { Plan } from '../../src/shared/plan';
import { manualClock, openTestCache, portalVehicle, refusedChange, tempDir, upsert, type TempDir } from './helpers';
import { createChanges } from '../../src/main/changes/ledger';

const NOW = '2025-03-01T12:00:00.000Z';
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();
const plan = (pictureQuantity: number): Plan => ({
  currentPlan: { name: 'Pro', pictureQuantity, adsQuantity: 100, highlightsQuantity: 5 },
  available: { adsQuantity: 50, highlightsQuantity: 5 },
});
const picture = (reference: string, order: number) => ({
  originalUrl: `https://d.example/${reference}/${order}`,
  order,
  source: `https://c.example/${reference}/${order}`,
});
const pictures = (reference: string, orders: number[]) => orders.map((o) => picture(reference, o));

let t: TempDir;
let clock: ReturnType<typeof manualClock>;
let cache: Cache;

beforeEach(() => {
  t = tempDir();
  clock = manualClock(NOW);
  cache = openTestCache(t, clock);
});
afterEach(() => {
  cache.close();
  t.cleanup();
});

const reasonsByReference = () =>
  Object.fromEntries(
    cache.queryVehicles({ sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 100 } }).rows.map((r) => [r.reference, r.attention]),
  );
const withFirstReason = (...values: AttentionValue[]) =>
  cache
    .queryVehicles({ filters: { attention: values }, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 100 } })
    .rows.map((r) => r.reference);

function stock() {
  upsert(cache, [
    portalVehicle({ reference: 'OK' }),
    portalVehicle({ reference: 'REJECTED', pictures: pictures('REJECTED', [1, 3]) }),
    portalVehicle({ reference: 'DROPPED' }),
    portalVehicle({ reference: 'NO-URL-OLD', url: undefined, updatedAt: minutesAgo(46) }),
    portalVehicle({ reference: 'NO-URL-NEW', url: undefined, updatedAt: minutesAgo(30) }),
    portalVehicle({ reference: 'INACTIVE', active: false }),
    portalVehicle({ reference: 'PROBLEM', mileage: 'many' }),
    portalVehicle({ reference: 'REFUSED' }),
    portalVehicle({ reference: 'SEVERAL', active: false, pictures: pictures('SEVERAL', [2]) }),
  ]);
  // The plan took DROPPED off the portal: the next read has no publication, and the plan read with it no slot left.
  cache.vehicles.upsertMany([receiveVehicle(portalVehicle({ reference: 'DROPPED', publication: null }))], { runId: null, planFull: true });
  refusedChange(cache, 'unpublish', 'REFUSED', 'Vehicle is locked by a pending sale');
}

describe('listings that need attention', () => {
  it('each reason is found on its listing, and a listing keeps every reason it has, most urgent first', () => {
    stock();
    expect(reasonsByReference()).toEqual({
      OK: [],
      REJECTED: ['rejectedPhotos'],
      DROPPED: ['droppedByPlan'],
      'NO-URL-OLD': ['addressMissing'],
      'NO-URL-NEW': [],
      INACTIVE: ['inactive'],
      PROBLEM: ['dataProblem'],
      REFUSED: ['unpublishRefused'],
      SEVERAL: ['rejectedPhotos', 'inactive'],
    });
  });

  it('an active listing off the portal that neither Showroom nor the plan took off needs the dealer, with what Showroom knows of it', () => {
    upsert(cache, [
      portalVehicle({ reference: 'FIRST-SEEN-OFF', publication: null }),
      portalVehicle({ reference: 'LEFT', publication: { highlighted: false } }),
      portalVehicle({ reference: 'OFF-INACTIVE', active: false, publication: null }),
    ]);
    // Taken off by other software between two reads: a leaving event with no cause.
    upsert(cache, [portalVehicle({ reference: 'LEFT', publication: null })]);
    const rows = Object.fromEntries(
      cache
        .queryVehicles({ sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 10 } })
        .rows.map((r) => [r.reference, [r.notOnPortalReason, r.attention]]),
    );
    expect(rows).toEqual({
      'FIRST-SEEN-OFF': ['unknown', ['offPortal']],
      LEFT: ['offElsewhere', ['offPortal']],
      'OFF-INACTIVE': ['inactive', ['inactive']],
    });
    expect(cache.summary().needsAttention).toBe(3);
  });

  it('filters and counts by first reason, and the summary counts the listings with any', () => {
    stock();
    expect(withFirstReason('rejectedPhotos')).toEqual(['REJECTED', 'SEVERAL']);
    expect(withFirstReason('inactive')).toEqual(['INACTIVE']);
    expect(withFirstReason('none')).toEqual(['NO-URL-NEW', 'OK']);
    expect(withFirstReason(...ATTENTION_REASONS)).toEqual(['DROPPED', 'INACTIVE', 'NO-URL-OLD', 'PROBLEM', 'REFUSED', 'REJECTED', 'SEVERAL']);
    expect(cache.facetCounts({}).attention).toEqual({
      none: 2,
      unpublishRefused: 1,
      droppedByPlan: 1,
      offPortal: 0,
      rejectedPhotos: 2,
      addressMissing: 1,
      dataProblem: 1,
      inactive: 1,
      fewerPhotos: 0,
      publishRefused: 0,
      highlightRefused: 0,
      editConflict: 0,
      editRefused: 0,
      sellRefused: 0,
      requestNotApplied: 0,
    });
    expect(cache.summary().needsAttention).toBe(7);
    // Counted with the other filters applied, as every facet is.
    expect(cache.facetCounts({ filters: { active: false } }).attention).toMatchObject({ inactive: 1, rejectedPhotos: 1, none: 0 });
  });

  it('a listing without its address needs the dealer once 45 minutes have passed since its edit, with no write in between', () => {
    stock();
    expect(cache.summary().needsAttention).toBe(7);
    clock.advance(14 * 60_000);
    expect(withFirstReason('addressMissing')).toEqual(['NO-URL-OLD']);
    clock.advance(60_000);
    expect(withFirstReason('addressMissing')).toEqual(['NO-URL-NEW', 'NO-URL-OLD']);
    expect(cache.summary().needsAttention).toBe(8);
    // Off the portal, a listing has no address to miss (taken off elsewhere is its reason now).
    upsert(cache, [portalVehicle({ reference: 'NO-URL-NEW', url: undefined, updatedAt: minutesAgo(30), publication: null })]);
    expect(reasonsByReference()['NO-URL-NEW']).toEqual(['offPortal']);
  });

  it('fewer photos than the plan allows, once a plan is known; a new plan counts again', () => {
    upsert(cache, [
      portalVehicle({ reference: 'TWO', pictures: pictures('TWO', [1, 2]) }),
      portalVehicle({ reference: 'FOUR', pictures: pictures('FOUR', [1, 2, 3, 4]) }),
    ]);
    expect(cache.summary().needsAttention).toBe(0);
    storePlan(cache, plan(4), NOW);
    expect(reasonsByReference()).toEqual({ TWO: ['fewerPhotos'], FOUR: [] });
    // A suggestion, shown with its fix but not counted beside "Needs attention".
    expect(cache.facetCounts({}).attention).toMatchObject({ fewerPhotos: 1 });
    expect(cache.summary().needsAttention).toBe(0);
    storePlan(cache, plan(8), NOW);
    expect(withFirstReason('fewerPhotos')).toEqual(['FOUR', 'TWO']);
    expect(cache.facetCounts({}).attention.fewerPhotos).toBe(2);
  });

  it('a publish or highlight the portal refused, or accepted and never applied, is a reason until the listing shows it or a newer request replaces it', () => {
    upsert(cache, [
      portalVehicle({ reference: 'PUB-REFUSED', publication: null }),
      portalVehicle({ reference: 'HL-REFUSED', publication: { highlighted: false } }),
      portalVehicle({ reference: 'UNHL-REFUSED', publication: { highlighted: true } }),
      portalVehicle({ reference: 'NOT-APPLIED', publication: null }),
      portalVehicle({ reference: 'PENDING', publication: null }),
      portalVehicle({ reference: 'ASKED-AGAIN', publication: null }),
    ]);
    // Four active listings off the portal, none by Showroom or the plan: each needs the dealer until a publish is on its way.
    expect(withFirstReason('offPortal')).toEqual(['ASKED-AGAIN', 'NOT-APPLIED', 'PENDING', 'PUB-REFUSED']);
    expect(cache.summary().needsAttention).toBe(4);
    const refuse = (kind: 'publish' | 'highlight' | 'unhighlight', reference: string) => {
      refusedChange(cache, kind, reference, 'No room left in the plan');
    };
    // A reason computed from the ledger alone (no write to the listings) shows at once: the refusal replaces the unknown reason.
    refuse('publish', 'PUB-REFUSED');
    expect(withFirstReason('publishRefused', 'offPortal')).toEqual(['ASKED-AGAIN', 'NOT-APPLIED', 'PENDING', 'PUB-REFUSED']);
    expect(reasonsByReference()['PUB-REFUSED']).toEqual(['publishRefused']);
    refuse('highlight', 'HL-REFUSED');
    refuse('unhighlight', 'UNHL-REFUSED');
    refuse('publish', 'ASKED-AGAIN');
    createChanges(cache).save('publish', 'ASKED-AGAIN', {});
    const pending = createChanges(cache).save('publish', 'PENDING', {});
    cache.ledger.markSent(pending.id);
    const accepted = createChanges(cache).save('publish', 'NOT-APPLIED', {});
    cache.ledger.markSent(accepted.id);
    // Not yet an hour: the sync's read does not make it "not applied".
    clock.advance(NOT_APPLIED_AFTER_MS - 60_000);
    expect(createChanges(cache).markNotApplied(['NOT-APPLIED', 'PENDING'])).toBe(0);
    clock.advance(60_000);
    // Only what the sync read: PENDING was not.
    expect(createChanges(cache).markNotApplied(['NOT-APPLIED'])).toBe(1);
    expect(reasonsByReference()).toEqual({
      'PUB-REFUSED': ['publishRefused'],
      'HL-REFUSED': ['highlightRefused'],
      'UNHL-REFUSED': ['highlightRefused'],
      'NOT-APPLIED': ['requestNotApplied'],
      // Sent, an hour has not passed since: on its way.
      PENDING: [],
      // The refusal was replaced by a newer request, queued.
      'ASKED-AGAIN': [],
    });
    expect(withFirstReason('publishRefused', 'highlightRefused', 'requestNotApplied')).toEqual(['HL-REFUSED', 'NOT-APPLIED', 'PUB-REFUSED', 'UNHL-REFUSED']);
    expect(cache.facetCounts({}).attention).toMatchObject({ publishRefused: 1, highlightRefused: 2, requestNotApplied: 1 });
    expect(cache.summary().needsAttention).toBe(4);
    // A sync reads the listing as asked after all (published on the portal's own site): nothing left to do.
    upsert(cache, [portalVehicle({ reference: 'PUB-REFUSED', publication: { highlighted: false } })]);
    expect(createChanges(cache).settleByRead()).toEqual({ settled: 1, sold: [] });
    expect(reasonsByReference()['PUB-REFUSED']).toEqual([]);
    expect(cache.summary().needsAttention).toBe(3);
  });

  it('the filter takes only the known reasons', () => {
    expect(ATTENTION_VALUES[0]).toBe('none');
    expect(() => cache.queryVehicles({ filters: { attention: ['later' as AttentionValue] } })).toThrow(/not valid/);
  });
});
