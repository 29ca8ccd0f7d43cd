// A list that changes while it is read: pages shift, and the sync must notice and repair it
// (design.md: "detect it and repair it, do not silently miss a vehicle"). The sandbox's
// mutate-while-paging fault changes the stock before every Nth page request.
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { cacheContents, differences, NO_DIFFERENCES, rig } from './helpers';

/** Mutations during the first `requests` page requests, then a stable portal (changes happen, then stop). */
function mutateFor(sb: Sandbox, action: 'insert' | 'remove' | 'touch', everyNth: number, requests: number, count = 1): void {
  sb.faults.set({
    mutateWhilePaging: { everyNthPageRequest: everyNth, action, count },
    onListRequest: ({ index }) => {
      if (index >= requests) sb.faults.set({ mutateWhilePaging: undefined });
    },
  });
}

describe('pages that shift while they are read', () => {
  for (const action of ['insert', 'remove'] as const) {
    it(`${action}s during a full sweep are detected and repaired: the cache equals the portal`, async () => {
      const r = await rig({ sandbox: { vehicles: 650, seed: 21 }, engine: { concurrency: 4 } });
      mutateFor(r.sb, action, 3, 12);
      const run = await r.engine.run();
      expect(run.outcome).toBe('succeeded');
      expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
      expect(run.details.repairRounds).toBeGreaterThanOrEqual(1);
      expect(run.details.pagesReread).toBeGreaterThanOrEqual(1);
      expect(run.notes.join(' ')).toMatch(/changed while it was being read|changed during the sync/);
    });
  }

  it('edits during a full sweep are picked up by the newest-first tail read', async () => {
    const r = await rig({ sandbox: { vehicles: 500, seed: 22 } });
    mutateFor(r.sb, 'touch', 2, 10, 2);
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('an insert and a removal that keep the total equal are still caught', async () => {
    const r = await rig({ sandbox: { vehicles: 500, seed: 23 }, engine: { concurrency: 3 } });
    await r.engine.run();
    r.sb.faults.set({
      onListRequest: ({ index }) => {
        if (index !== 5) return;
        r.sb.data.remove(r.sb.data.list()[20]?.reference ?? '');
        r.sb.data.upsert({ reference: 'AAA-0000-NEW' });
      },
    });
    const run = await r.engine.run({ kind: 'full' });
    expect(run.outcome).toBe('succeeded');
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    expect(run.details.createdDuringSweep).toBe(1);
    expect(run.details.verifiedRemoved).toBe(1);
    expect(run.counts).toMatchObject({ added: 1, removed: 1 });
  });

  it('mutations during an incremental sync that turned into a sweep are repaired too', async () => {
    const r = await rig({ sandbox: { vehicles: 500, seed: 24 } });
    await r.engine.run();
    r.sb.data.remove(r.sb.data.list()[40]?.reference ?? '');
    mutateFor(r.sb, 'insert', 2, 8);
    const run = await r.engine.run();
    expect(run.details.upgradedToFull).toBe(1);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  for (const action of ['insert', 'remove'] as const) {
    it(`a portal that never stops changing (${action}s), on a synced cache: nothing that stayed on the portal is removed from the cache`, async () => {
      const r = await rig({ sandbox: { vehicles: 600, seed: 27 }, engine: { concurrency: 6, maxRepairRounds: 1 } });
      await r.engine.run();
      const before = new Set(r.sb.data.list().map((v) => v.reference));
      r.sb.faults.set({ mutateWhilePaging: { everyNthPageRequest: 2, action, count: 2 } });
      const run = await r.engine.run({ kind: 'full' });
      r.sb.faults.clear();
      expect(run.outcome).toBe('succeeded');
      const cached = cacheContents(r.cache);
      const stayed = r.sb.data.list().filter((v) => before.has(v.reference));
      expect(stayed.filter((v) => !cached.has(v.reference)).map((v) => v.reference)).toEqual([]);
      expect(run.notes.join(' ')).toMatch(/kept changing/);
    });
  }

  it('unsettled pages never remove a cached listing that is still on the portal: it is checked, or kept as it was', async () => {
    for (const maxVerify of [200, 0]) {
      const r = await rig({ sandbox: { vehicles: 300, seed: 28 }, engine: { concurrency: 1, maxRepairRounds: 0, maxVerify } });
      await r.engine.run();
      const before = new Set(r.sb.data.list().map((v) => v.reference));
      // Before every page: the first listing goes, so every page boundary moves by one between reads.
      r.sb.faults.set({ onListRequest: () => void r.sb.data.remove(r.sb.data.list()[0]?.reference ?? '') });
      const run = await r.engine.run({ kind: 'full' });
      r.sb.faults.clear();
      expect(run.outcome).toBe('succeeded');
      const cached = cacheContents(r.cache);
      const stayed = r.sb.data.list().filter((v) => before.has(v.reference));
      expect(
        stayed.filter((v) => !cached.has(v.reference)).map((v) => v.reference),
        `maxVerify ${maxVerify}`,
      ).toEqual([]);
      if (maxVerify > 0) expect(run.details.verified).toBeGreaterThan(0);
      else expect(run.details.unverified).toBeGreaterThan(0);
    }
  });

  it('a portal that never stops changing: the sync ends, keeps what it saw, misses nothing that stayed, and says so', async () => {
    const r = await rig({ sandbox: { vehicles: 400, seed: 25 }, engine: { concurrency: 4 } });
    const before = new Set(r.sb.data.list().map((v) => v.reference));
    r.sb.faults.set({ mutateWhilePaging: { everyNthPageRequest: 3, action: 'remove' } });
    const run = await r.engine.run();
    r.sb.faults.clear();
    expect(run.outcome).toBe('succeeded');
    const cached = cacheContents(r.cache);
    const stayed = r.sb.data.list().filter((v) => before.has(v.reference));
    expect(stayed.filter((v) => !cached.has(v.reference))).toEqual([]);
    expect(run.details.repairRounds).toBeGreaterThanOrEqual(1);
    // The next sync, on a quiet portal, settles it exactly.
    await r.engine.run({ kind: 'full' });
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });
});

describe('vehicles the portal sends in a shape that violates the schema', () => {
  it('are kept and flagged, never dropped; those that cannot be identified are recorded with the run, not stored', async () => {
    const r = await rig({ sandbox: { vehicles: 300, seed: 26, faults: { invalidVehicles: { rate: 0.1, kind: 'mixed' } } } });
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    const unidentified = run.dataProblems.length;
    expect(unidentified).toBeGreaterThan(0);
    expect(run.details.unidentified).toBe(unidentified);
    expect(r.cache.countVehicles({})).toBe(300 - unidentified);
    const flagged = r.cache.countVehicles({ filters: { hasProblems: true } });
    expect(flagged).toBeGreaterThan(5);
    const refs = new Set(r.sb.data.list().map((v) => v.reference));
    const cached = [...cacheContents(r.cache).keys()];
    // Every listing stored is a real one: no stand-in key for an item without a reference.
    expect(cached.filter((ref) => !refs.has(ref))).toEqual([]);
    // And an incremental sync over them does not mistake them for removals.
    const again = await r.engine.run();
    expect(again).toMatchObject({ kind: 'incremental', counts: { removed: 0, added: 0 } });
    expect(r.cache.countVehicles({})).toBe(300 - unidentified);
  });
});
