// Incremental sync: newest-first until what the cache had, total check for removals.
import { describe, expect, it } from 'vitest';
import { FULL_CHECK_EVERY_MS } from '../../src/main/sync';
import { differences, NO_DIFFERENCES, rig, sandbox as sandboxOnly } from './helpers';

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

  it('a listing address that arrives 45 minutes after an edit (updatedAt unchanged) is read again and kept', async () => {
    const r0 = await sandboxOnly({ vehicles: 300, seed: 15 });
    const r = await rig({ sb: r0, engine: { now: () => r0.clock.nowMs() } });
    await r.engine.run();
    const edited = r.sb.data.list()[40]?.reference ?? '';
    r.sb.clock.advance(60_000);
    r.sb.data.upsert({ reference: edited, title: 'Edited, address on its way' });
    // Later edits elsewhere push it beyond the pages a newest-first read looks at.
    const others = r.sb.data.list().filter((v) => v.reference !== edited);
    r.sb.clock.advance(60_000);
    for (const other of others.slice(0, 60)) r.sb.data.touch(other.reference);
    r.sb.clock.advance(10 * 60_000);
    for (const other of others.slice(60, 120)) r.sb.data.touch(other.reference);
    await r.engine.run();
    expect(r.cache.getVehicle(edited)?.vehicle.url).toBeUndefined();
    // The portal publishes the address later; nothing in the list order or updatedAt says so.
    r.sb.clock.advance(46 * 60_000);
    const url = r.sb.data.get(edited)?.url;
    expect(url).toMatch(/^http/);
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded' });
    expect(run.details.urlChecked).toBeGreaterThanOrEqual(1);
    expect(r.cache.getVehicle(edited)?.vehicle.url).toBe(url);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
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

  it('once a day, auto reads every page: an edit stamped too old for the quick read is caught then', async () => {
    const r0 = await sandboxOnly({ vehicles: 150, seed: 16 });
    const r = await rig({ sb: r0, engine: { now: () => r0.clock.nowMs() } });
    expect((await r.engine.run()).kind).toBe('full');
    const edited = r.sb.data.list()[30]?.reference ?? '';
    // An edit whose updatedAt lies before what the cache already has: newest-first reading cannot see it.
    r.sb.data.upsert({ reference: edited, title: 'Edited behind our back' }, { updatedAt: '2020-01-01T00:00:00.000Z' });
    r.sb.clock.advance(60 * 60_000);
    const quick = await r.engine.run();
    expect(quick).toMatchObject({ kind: 'incremental', outcome: 'succeeded' });
    expect(r.cache.getVehicle(edited)?.vehicle.title).not.toBe('Edited behind our back');
    r.sb.clock.advance(FULL_CHECK_EVERY_MS);
    const daily = await r.engine.run();
    expect(daily).toMatchObject({ kind: 'full', outcome: 'succeeded' });
    expect(daily.details.scheduledFull).toBe(1);
    expect(daily.notes.join(' ')).toMatch(/over a day ago/);
    expect(r.cache.getVehicle(edited)?.vehicle.title).toBe('Edited behind our back');
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    // The clock restarts from that pass.
    expect((await r.engine.run()).kind).toBe('incremental');
  });

  it('kind "full" forces a full pass; kind "incremental" on an empty cache runs a full one', async () => {
    const r = await rig({ sandbox: { vehicles: 80 } });
    expect((await r.engine.run({ kind: 'incremental' })).kind).toBe('full');
    expect((await r.engine.run({ kind: 'full' })).kind).toBe('full');
    expect((await r.engine.run({ kind: 'incremental' })).kind).toBe('incremental');
  });
});
