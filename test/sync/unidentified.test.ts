// Items the portal sends without a usable reference (issue 12, defect 1): not objects, or no
// string `reference`. Such an item cannot be matched to a listing, so a pass that read one never
// removes a listing it cannot prove gone; the item is recorded as a data problem of the run,
// never stored as a listing; and the next sync converges.
import { describe, expect, it } from 'vitest';
import { cacheContents, differences, NO_DIFFERENCES, rig } from './helpers';

const standIns = (contents: Map<string, string>) => [...contents.keys()].filter((r) => r.startsWith('(no reference)'));

describe('portal items without a usable reference', () => {
  for (const kind of ['missing-reference', 'not-an-object'] as const) {
    it(`${kind}: the listings they stand for are kept, nothing fake is stored, the run records the problem`, async () => {
      const r = await rig({ sandbox: { vehicles: 40, seed: 12 } });
      expect((await r.engine.run({ kind: 'full' })).outcome).toBe('succeeded');
      const [a, b] = r.sb.data.list().map((v) => v.reference);
      const before = cacheContents(r.cache);

      r.sb.faults.set({ invalidVehicles: { references: [a!, b!], kind } });
      const run = await r.engine.run({ kind: 'full' });
      expect(run.outcome).toBe('succeeded');
      expect(run.counts).toMatchObject({ added: 0, removed: 0 });
      expect(r.cache.getVehicle(a!)).not.toBeNull();
      expect(r.cache.getVehicle(b!)).not.toBeNull();
      expect(standIns(cacheContents(r.cache))).toEqual([]);
      expect(cacheContents(r.cache)).toEqual(before);
      expect(run.dataProblems).toHaveLength(2);
      expect(run.dataProblems.every((p) => p.problem === (kind === 'not-an-object' ? 'not_an_object' : 'no_reference'))).toBe(true);
      expect(run.details.unidentified).toBe(2);
      expect(run.notes.some((n) => /could not be identified/.test(n))).toBe(true);
      // Kept with the run: the history shows it later.
      expect(r.cache.runs.get(Number(run.id))?.dataProblems).toEqual(run.dataProblems);

      // The portal sends them properly again: the next sync converges.
      r.sb.faults.clear();
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    });
  }

  it('an incremental sync upgraded to a sweep removes nothing it cannot prove gone, and still removes what the portal says is gone', async () => {
    const r = await rig({ sandbox: { vehicles: 40, seed: 13 } });
    await r.engine.run({ kind: 'full' });
    const [a, gone] = r.sb.data.list().map((v) => v.reference);
    r.sb.faults.set({ invalidVehicles: { references: [a!], kind: 'missing-reference' } });
    r.sb.data.remove(gone!);
    const run = await r.engine.run({ kind: 'incremental' });
    expect(run.outcome).toBe('succeeded');
    expect(r.cache.getVehicle(a!)).not.toBeNull();
    expect(r.cache.getVehicle(gone!)).toBeNull();
    expect(run.counts.removed).toBe(1);
    expect(standIns(cacheContents(r.cache))).toEqual([]);
  });

  it('on a first sync they are not stored; once the portal sends them properly, the next sync brings them in', async () => {
    const r = await rig({ sandbox: { vehicles: 40, seed: 14 } });
    const [a, b] = r.sb.data.list().map((v) => v.reference);
    r.sb.faults.set({ invalidVehicles: { references: [a!, b!], kind: 'missing-reference' } });
    const first = await r.engine.run();
    expect(first.outcome).toBe('succeeded');
    expect(r.cache.countVehicles({})).toBe(38);
    expect(standIns(cacheContents(r.cache))).toEqual([]);
    expect(first.dataProblems).toHaveLength(2);
    r.sb.faults.clear();
    const second = await r.engine.run();
    expect(second.outcome).toBe('succeeded');
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    expect(second.dataProblems).toEqual([]);
  });
});
