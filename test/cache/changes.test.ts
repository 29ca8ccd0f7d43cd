// What each sync run changed, listing by listing: recorded in the pass's commit, bounded, and read
// back in order with the compared fields that changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { CHANGES_KEPT_PER_RUN, CHANGES_KEPT_RUNS } from '../../src/shared/listing-changes';
import { openTestCache, portalVehicle, sqlOf, tempDir, type RawVehicle, type TempDir } from './helpers';

let t: TempDir;
let cache: Cache;
beforeEach(() => {
  t = tempDir();
  cache = openTestCache(t);
});
afterEach(() => {
  cache.close();
  t.cleanup();
});

/** One full pass reading exactly `items` (the plan read with it full or not); returns its run id. */
function fullPass(items: readonly RawVehicle[], planFull = false): number {
  const pass = cache.passes.begin('full');
  pass.stage(items);
  return pass.commit({}, { planFull }).runId;
}

const stock = () => [portalVehicle({ reference: 'A', value: 50000 }), portalVehicle({ reference: 'B' }), portalVehicle({ reference: 'C', title: 'Fiat Uno' })];

describe('the changes of a sync run', () => {
  it('a first sync into an empty cache lists nothing: it is summarised by its count', () => {
    const run = fullPass(stock());
    expect(cache.changes.ofRun(run)).toEqual([]);
    expect(cache.runs.get(run)?.counts).toMatchObject({ added: 3, firstSync: 1 });
  });

  it('records added, changed (with the fields that changed), dropped by the portal and removed listings', () => {
    fullPass(stock());
    const next = [
      portalVehicle({ reference: 'A', value: 48000, mileage: 46000 }),
      // The portal nulled its publication, and the plan read with it has no slot left: the plan's limit.
      portalVehicle({ reference: 'B', publication: null }),
      portalVehicle({ reference: 'D', title: 'Honda Civic' }),
    ];
    const run = fullPass(next, true);
    expect(cache.changes.ofRun(run)).toEqual([
      { reference: 'D', kind: 'added', title: 'Honda Civic', fields: [] },
      {
        reference: 'A',
        kind: 'changed',
        title: 'Volkswagen Gol 1.0 Flex',
        fields: [
          { field: 'price', from: 50000, to: 48000 },
          { field: 'mileage', from: 45000, to: 46000 },
        ],
      },
      { reference: 'B', kind: 'dropped', title: 'Volkswagen Gol 1.0 Flex', fields: [{ field: 'portal', from: 1, to: 0 }] },
      { reference: 'C', kind: 'removed', title: 'Fiat Uno', fields: [] },
    ]);
    expect(cache.runs.get(run)?.counts).not.toHaveProperty('firstSync');
  });

  it('taken off the portal while the plan read in the same sync has room: taken off elsewhere, not by the plan', () => {
    fullPass(stock());
    const run = fullPass([
      portalVehicle({ reference: 'A', value: 50000 }),
      portalVehicle({ reference: 'B', publication: null }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno' }),
    ]);
    expect(cache.changes.ofRun(run)).toEqual([
      { reference: 'B', kind: 'offElsewhere', title: 'Volkswagen Gol 1.0 Flex', fields: [{ field: 'portal', from: 1, to: 0 }] },
    ]);
    expect(cache.getVehicle('B')?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'offElsewhere' });
    expect(cache.getVehicle('B')?.publicationHistory.map((e) => e.cause)).toEqual(['unknown']);
  });

  it('only updatedAt, or only the address, changed: that field is named, not "other details"', () => {
    // B has no address yet (it arrives up to 45 minutes after an edit).
    fullPass([portalVehicle({ reference: 'A', updatedAt: '2025-03-01T10:00:00.000Z' }), portalVehicle({ reference: 'B', url: undefined })]);
    const url = 'https://portal.example/anuncios/gol-b';
    const run = fullPass([portalVehicle({ reference: 'A', updatedAt: '2025-03-01T11:00:00.000Z' }), portalVehicle({ reference: 'B', url })]);
    expect(cache.changes.ofRun(run)).toEqual([
      {
        reference: 'A',
        kind: 'changed',
        title: 'Volkswagen Gol 1.0 Flex',
        fields: [{ field: 'updatedAt', from: '2025-03-01T10:00:00.000Z', to: '2025-03-01T11:00:00.000Z' }],
      },
      { reference: 'B', kind: 'changed', title: 'Volkswagen Gol 1.0 Flex', fields: [{ field: 'url', from: null, to: url }] },
    ]);
  });

  it('a listing whose JSON changed outside the compared fields is changed with no field named', () => {
    fullPass(stock());
    const run = fullPass([
      portalVehicle({ reference: 'A', value: 50000, description: 'Novo texto' }),
      portalVehicle({ reference: 'B' }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno' }),
    ]);
    expect(cache.changes.ofRun(run)).toEqual([{ reference: 'A', kind: 'changed', title: 'Volkswagen Gol 1.0 Flex', fields: [] }]);
  });

  it('the inventory filters to the listings the last committed sync added, changed or saw dropped', () => {
    const changedLastSync = () =>
      cache
        .queryVehicles({ filters: { changedLastSync: true }, sort: { field: 'reference', dir: 'asc' }, window: { offset: 0, limit: 50 } })
        .rows.map((r) => r.reference);
    fullPass(stock());
    // A first sync added everything: nothing is singled out.
    expect(changedLastSync()).toEqual([]);
    fullPass([
      portalVehicle({ reference: 'A', value: 48000 }),
      portalVehicle({ reference: 'B', publication: null }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno' }),
      portalVehicle({ reference: 'D' }),
    ]);
    expect(changedLastSync()).toEqual(['A', 'B', 'D']);
    expect(cache.facetCounts({}).changedLastSync).toEqual({ yes: 3, no: 1 });
    // An abandoned pass leaves the marks as they were; the next committed one replaces them.
    const abandoned = cache.passes.begin('full');
    abandoned.stage([portalVehicle({ reference: 'C', value: 1 })]);
    abandoned.abandon('cancelled');
    expect(changedLastSync()).toEqual(['A', 'B', 'D']);
    fullPass([
      portalVehicle({ reference: 'A', value: 48000 }),
      portalVehicle({ reference: 'B', publication: null }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno', value: 1 }),
      portalVehicle({ reference: 'D' }),
    ]);
    expect(changedLastSync()).toEqual(['C']);
    expect(cache.countVehicles({ filters: { changedLastSync: false } })).toBe(3);
  });

  it('an abandoned pass records nothing', () => {
    fullPass(stock());
    const pass = cache.passes.begin('full');
    pass.stage([portalVehicle({ reference: 'A', value: 1 })]);
    pass.abandon('cancelled');
    expect(cache.changes.ofRun(pass.runId)).toEqual([]);
  });

  it('keeps at most CHANGES_KEPT_PER_RUN listings of one run', () => {
    fullPass([portalVehicle({ reference: 'seed' })]);
    const many = Array.from({ length: CHANGES_KEPT_PER_RUN + 7 }, (_, i) => portalVehicle({ reference: `N${i}` }));
    const run = fullPass([portalVehicle({ reference: 'seed' }), ...many]);
    expect(cache.changes.count(run)).toBe(CHANGES_KEPT_PER_RUN);
    expect(cache.runs.get(run)?.counts.added).toBe(CHANGES_KEPT_PER_RUN + 7);
  });

  it('keeps the lists of the last CHANGES_KEPT_RUNS sync runs', () => {
    fullPass([portalVehicle({ reference: 'A', value: 0 })]);
    const runs: number[] = [];
    for (let i = 1; i <= CHANGES_KEPT_RUNS + 2; i++) runs.push(fullPass([portalVehicle({ reference: 'A', value: i })]));
    expect(cache.changes.count(runs[0] ?? 0)).toBe(0);
    expect(cache.changes.count(runs[1] ?? 0)).toBe(0);
    expect(cache.changes.count(runs[2] ?? 0)).toBe(1);
    expect(sqlOf(cache).prepare('SELECT count(DISTINCT run_id) FROM sync_changes').pluck().get()).toBe(CHANGES_KEPT_RUNS);
  });

  it('a damaged fields cell reads as no field rather than failing the list', () => {
    fullPass(stock());
    const run = fullPass([
      portalVehicle({ reference: 'A', value: 1 }),
      portalVehicle({ reference: 'B' }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno' }),
    ]);
    sqlOf(cache).prepare("UPDATE sync_changes SET fields = '{not json' WHERE reference = 'A'").run();
    expect(cache.changes.ofRun(run)).toEqual([{ reference: 'A', kind: 'changed', title: 'Volkswagen Gol 1.0 Flex', fields: [] }]);
  });

  it("changes recorded under the names the compared fields had before the listing columns were declared once read as today's", () => {
    fullPass(stock());
    const run = fullPass([
      portalVehicle({ reference: 'A', value: 1 }),
      portalVehicle({ reference: 'B' }),
      portalVehicle({ reference: 'C', title: 'Fiat Uno' }),
    ]);
    // Each: the former name, today's, and the values.
    const renamed: Array<[string, string, string | number | null, string | number | null]> = [
      ['publication', 'portal', 1, 0],
      ['highlight', 'highlighted', 0, 1],
      ['photos', 'pictureCount', 2, 3],
      ['rejectedPhotos', 'rejectedPhotoCount', 0, 1],
      ['version', 'trim', '1.0 MPI', '1.0 TSI'],
      ['address', 'url', null, 'https://portal.example/a'],
      ['price', 'price', 50000, 1],
    ];
    const stored = renamed.map(([field, , from, to]) => ({ field, from, to }));
    sqlOf(cache).prepare('UPDATE sync_changes SET fields = ? WHERE reference = ?').run(JSON.stringify(stored), 'A');
    expect(cache.changes.ofRun(run)[0]?.fields).toEqual(renamed.map(([, field, from, to]) => ({ field, from, to })));
  });
});
