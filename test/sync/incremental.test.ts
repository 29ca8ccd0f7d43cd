// Incremental sync: newest-first until what the cache had, total check for removals.
import { describe, expect, it } from 'vitest';
import { differences, NO_DIFFERENCES, rig } from './helpers';

describe('incremental sync', () => {
  it('after a full sync, auto is incremental; with nothing changed it costs the plan and one page', async () => {
    const r = await rig({ sandbox: { vehicles: 2000, seed: 11 } });
    expect((await r.engine.run()).kind).toBe('full');
    r.sb.stats.reset();
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded', counts: { added: 0, changed: 0, removed: 0 } });
    expect(r.sb.stats.requests).toBeLessThanOrEqual(2);
    expect(r.sb.stats.count('GET /clients/jwt')).toBe(0);
    expect(run.details.upgradedToFull).toBeUndefined();
  });

  it('picks up edits and additions without a full sweep', async () => {
    const r = await rig({ sandbox: { vehicles: 600, seed: 12 } });
    await r.engine.run();
    const [a, b, c] = r.sb.data.list().slice(100, 103);
    r.sb.clock.advance(60_000);
    r.sb.data.upsert({ reference: a?.reference ?? '', title: 'Edited title', value: 12345 });
    r.sb.data.touch(b?.reference ?? '');
    r.sb.data.upsert({ reference: c?.reference ?? '', mileage: 99_999 });
    r.sb.data.upsert({ reference: 'ZZZ-NEW-0001' });
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded', counts: { added: 1, changed: 3, removed: 0 } });
    expect(run.details.upgradedToFull).toBeUndefined();
    expect(r.sb.stats.count('GET /vehicles')).toBeLessThan(16); // the full sync's 14 + one page
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    expect(r.cache.getVehicle(a?.reference ?? '')?.vehicle.title).toBe('Edited title');
  });

  it('a removal makes the totals disagree: the same sync sweeps every page and removes it', async () => {
    const r = await rig({ sandbox: { vehicles: 400, seed: 13 } });
    await r.engine.run();
    const victim = r.sb.data.list()[17]?.reference ?? '';
    r.sb.data.remove(victim);
    r.sb.data.upsert({ reference: 'ZZZ-NEW-0002' });
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded', counts: { added: 1, removed: 1 } });
    expect(run.details.upgradedToFull).toBe(1);
    expect(run.notes.join(' ')).toMatch(/every page was read/);
    expect(r.cache.getVehicle(victim)).toBeNull();
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('an addition with an old updatedAt is found by the full sweep the total asks for', async () => {
    const r = await rig({ sandbox: { vehicles: 200, seed: 14 } });
    await r.engine.run();
    r.sb.data.upsert({ reference: 'AAA-OLD-0001' }, { updatedAt: '2020-01-01T00:00:00.000Z' });
    const run = await r.engine.run();
    expect(run.details.upgradedToFull).toBe(1);
    expect(run.counts.added).toBe(1);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('kind "full" forces a full pass; kind "incremental" on an empty cache runs a full one', async () => {
    const r = await rig({ sandbox: { vehicles: 80 } });
    expect((await r.engine.run({ kind: 'incremental' })).kind).toBe('full');
    expect((await r.engine.run({ kind: 'full' })).kind).toBe('full');
    expect((await r.engine.run({ kind: 'incremental' })).kind).toBe('incremental');
  });
});
