// The portal documents a listing's title as optional (issue 30, item 6): an untitled listing is no
// data problem, and it is shown by brand, model and years (manufacture/model) wherever a title is shown.
import { describe, expect, it } from 'vitest';
import { rig } from './helpers';

describe('an untitled listing', () => {
  it('is not flagged, and is named by brand, model and year in the inventory and in what a sync changed', async () => {
    const r = await rig({ sandbox: { vehicles: 40, seed: 31 } });
    const [a, b] = r.sb.data.list().filter((v) => v.publication !== null);
    if (!a || !b) throw new Error('seed without two published listings');
    r.sb.data.upsert({ reference: a.reference, title: null });
    const first = await r.engine.run({ kind: 'full' });
    expect(first.outcome).toBe('succeeded');
    const name = `${a.brand.name} ${a.trim.name} ${a.manufacturedYear}/${a.modelYear}`;
    const row = r.cache.queryVehicles({ text: a.reference }).rows.find((v) => v.reference === a.reference);
    expect(row).toMatchObject({ title: name, hasProblems: false });
    expect(r.cache.getVehicle(a.reference)?.problems).toEqual([]);
    expect(r.cache.queryVehicles({ filters: { hasProblems: true } }).total).toBe(0);

    r.sb.clock.advance(1_000);
    r.sb.data.upsert({ reference: b.reference, title: null, value: 12_345 });
    const second = await r.engine.run({ kind: 'incremental' });
    expect(r.cache.changes.ofRun(Number(second.id))).toEqual([
      expect.objectContaining({ reference: b.reference, kind: 'changed', title: `${b.brand.name} ${b.trim.name} ${b.manufacturedYear}/${b.modelYear}` }),
    ]);
  });
});
