// What each sync records, listing by listing, against the sandbox over loopback: the references it
// added, changed (and which compared fields), saw dropped by the plan, and removed.
import { describe, expect, it } from 'vitest';
import type { FieldChange, ListingChange } from '../../src/shared/listing-changes';
import { syncChangesView } from '../../src/main/sync';
import { rig } from './helpers';

const byReference = (a: ListingChange, b: ListingChange) => a.kind.localeCompare(b.kind) || a.reference.localeCompare(b.reference);

describe('what changed, listing by listing', () => {
  it('a first sync is summarised; the next records exactly the added, changed, dropped and removed references and fields', async () => {
    // No listing-address delay: every edit would otherwise hide the address for 45 minutes.
    const r = await rig({ sandbox: { vehicles: 60, seed: 71, urlDelayMs: 0 } });
    const first = await r.engine.run();
    expect(syncChangesView(r.cache, first.id)).toMatchObject({ run: { firstSync: true }, changes: [], expired: false });

    const before = r.sb.data.list();
    const published = before.filter((v) => v.publication !== null);
    const [priced, renamed, gone] = published;
    if (!priced || !renamed || !gone) throw new Error('the seed has too few published listings');
    r.sb.clock.advance(1_000);
    r.sb.data.upsert({ reference: priced.reference, value: priced.value + 1_500 });
    r.sb.data.upsert({ reference: renamed.reference, title: `${renamed.title} (revisado)`, mileage: renamed.mileage + 10 });
    r.sb.data.remove(gone.reference);
    const added = r.sb.data.upsert({ reference: 'NEW-CHANGES-1', title: 'Honda Civic EXL' });
    const onBefore = new Set(
      r.sb.data
        .list()
        .filter((v) => v.publication !== null)
        .map((v) => v.reference),
    );
    r.sb.data.setPlan({ adsQuantity: onBefore.size - 2 });
    const dropped = r.sb.data.list().filter((v) => v.publication === null && onBefore.has(v.reference));
    expect(dropped).toHaveLength(2);

    const run = await r.engine.run({ kind: 'full' });
    const view = syncChangesView(r.cache, run.id);
    const droppedFields = (reference: string): FieldChange[] => {
      const was = before.find((v) => v.reference === reference);
      return [{ field: 'portal', from: 1, to: 0 }, ...(was?.publication?.highlighted ? [{ field: 'highlighted' as const, from: 1, to: 0 }] : [])];
    };
    // The new listing may itself be one the plan left off: then it is only "added".
    const expected: ListingChange[] = [
      { reference: added.reference, kind: 'added', title: 'Honda Civic EXL', fields: [] },
      { reference: priced.reference, kind: 'changed', title: priced.title, fields: [{ field: 'price', from: priced.value, to: priced.value + 1_500 }] },
      {
        reference: renamed.reference,
        kind: 'changed',
        title: `${renamed.title} (revisado)`,
        fields: [
          { field: 'mileage', from: renamed.mileage, to: renamed.mileage + 10 },
          { field: 'title', from: renamed.title, to: `${renamed.title} (revisado)` },
        ],
      },
      ...dropped
        .filter((v) => v.reference !== added.reference && v.reference !== priced.reference && v.reference !== renamed.reference)
        .map((v): ListingChange => ({ reference: v.reference, kind: 'dropped', title: v.title, fields: droppedFields(v.reference) })),
      { reference: gone.reference, kind: 'removed', title: gone.title, fields: [] },
    ];
    expect([...view.changes].sort(byReference)).toEqual(expected.sort(byReference));
    expect(view).toMatchObject({ notKept: 0, expired: false, run: { id: run.id, outcome: 'succeeded', firstSync: false } });
    // The inventory's filter "changed in the last sync": the same listings, but the removed one.
    const filtered = r.cache.queryVehicles({
      filters: { changedLastSync: true },
      sort: { field: 'reference', dir: 'asc' },
      window: { offset: 0, limit: 100 },
    }).rows;
    expect(filtered.map((row) => row.reference)).toEqual(
      expected
        .filter((c) => c.kind !== 'removed')
        .map((c) => c.reference)
        .sort(),
    );

    // An incremental sync records its own changes; the earlier run keeps its list.
    r.sb.clock.advance(1_000);
    r.sb.data.upsert({ reference: priced.reference, value: priced.value });
    const third = await r.engine.run();
    expect(third.kind).toBe('incremental');
    expect(syncChangesView(r.cache).changes).toEqual([
      { reference: priced.reference, kind: 'changed', title: priced.title, fields: [{ field: 'price', from: priced.value + 1_500, to: priced.value }] },
    ]);
    expect(syncChangesView(r.cache, run.id).changes).toHaveLength(expected.length);
  });

  it('an incremental sync that had to sweep every page records what it removed and added', async () => {
    const r = await rig({ sandbox: { vehicles: 80, seed: 73, urlDelayMs: 0 } });
    await r.engine.run();
    const victim = r.sb.data.list()[17];
    if (!victim) throw new Error('the seed has too few listings');
    r.sb.data.remove(victim.reference);
    r.sb.data.upsert({ reference: 'ZZZ-NEW-0003', title: 'Jeep Renegade' });
    const run = await r.engine.run();
    expect(run.details.upgradedToFull).toBe(1);
    expect(syncChangesView(r.cache, run.id).changes).toEqual([
      { reference: 'ZZZ-NEW-0003', kind: 'added', title: 'Jeep Renegade', fields: [] },
      { reference: victim.reference, kind: 'removed', title: victim.title, fields: [] },
    ]);
  });

  it('an unknown run is not found', async () => {
    const r = await rig({ sandbox: { vehicles: 30, seed: 72, urlDelayMs: 0 } });
    await r.engine.run();
    expect(() => syncChangesView(r.cache, '999')).toThrow(expect.objectContaining({ kind: 'not_found', code: 'changes.noRun' }));
  });
});
