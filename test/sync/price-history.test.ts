// A listing's price history: a sync records a price the first time it reads the listing and each
// time it reads a different one (never twice for the same price); the dealer's prices are recorded
// when set, with where from. Against the sandbox over loopback.
import { describe, expect, it } from 'vitest';
import { rig } from './helpers';

describe('price history', () => {
  it('records each price a sync reads once per change, and the dealer’s prices with their origin', { timeout: 60_000 }, async () => {
    const r = await rig({ sandbox: { vehicles: 10, seed: 16 } });
    await r.engine.run({ kind: 'full' });
    const car = r.sb.data.list().find((v) => v.type === 'C' && v.mileage > 0 && v.pictures.length > 0);
    if (car === undefined) throw new Error('the seed has no car');
    const count = () => r.cache.prices.historyOf(car.reference).entries.length;
    // The first sync: one price per listing.
    expect(r.cache.prices.historyOf(car.reference).entries).toEqual([{ at: expect.any(String), value: car.value, source: 'portal' }]);
    expect(r.cache.prices.historyOf(car.reference).daysAtCurrentPrice).toBe(0);

    // Read again unchanged, or changed in another field: nothing new.
    await r.engine.run({ kind: 'full' });
    await r.sb.data.editElsewhere(car.reference, { mileage: car.mileage + 100 });
    await r.engine.run();
    expect(count()).toBe(1);

    // Changed on the portal: one more, once.
    await r.sb.data.editElsewhere(car.reference, { value: car.value + 1000 });
    await r.engine.run();
    await r.engine.run({ kind: 'full' });
    expect(r.cache.prices.historyOf(car.reference).entries.map((e) => [e.value, e.source])).toEqual([
      [car.value, 'portal'],
      [car.value + 1000, 'portal'],
    ]);

    // Set by the dealer: recorded when saved, from the command line here, then read by the sync that confirms it.
    await r.engine.edits.edit(car.reference, { value: 39_990 }, { origin: 'cli' });
    await r.engine.edits.edit(car.reference, { title: 'Only the title' });
    expect(r.cache.prices.historyOf(car.reference).entries.at(-1)).toEqual({ at: expect.any(String), value: 39_990, source: 'cli' });
    await r.sb.data.settle();
    await r.engine.run();
    expect(r.cache.prices.historyOf(car.reference).entries.map((e) => [e.value, e.source])).toEqual([
      [car.value, 'portal'],
      [car.value + 1000, 'portal'],
      [39_990, 'cli'],
      [39_990, 'portal'],
    ]);
    // Days at the current price: a column, a filter and a sort of the inventory, counted from the day a sync first read it.
    expect(r.cache.queryVehicles({ text: car.reference }).rows[0]?.daysAtPrice).toBe(0);
    expect(r.cache.countVehicles({ filters: { priceAge: { min: 0, max: 0 } } })).toBe(r.sb.data.count());
    expect(r.cache.countVehicles({ filters: { priceAge: { min: 1 } } })).toBe(0);
    expect(r.cache.queryVehicles({ sort: { field: 'daysAtPrice', dir: 'asc' } }).rows.length).toBeGreaterThan(0);
    // The app's own edits say so (the default).
    await r.engine.edits.edit(car.reference, { value: 38_990 });
    expect(r.cache.prices.historyOf(car.reference).entries.at(-1)).toMatchObject({ value: 38_990, source: 'app' });
  });
});
