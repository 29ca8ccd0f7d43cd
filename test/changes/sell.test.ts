// Marking a listing as sold through the ledger, against the sandbox over loopback: saved (pending),
// cancellable until sent, sent as DELETE /vehicles/:reference, confirmed by the sync that no longer
// finds the listing, which is then kept as sold with its last data; a listing the portal deletes
// without a sale mark is kept as removed.
import { describe, expect, it } from 'vitest';
import { createChanges } from '../../src/main/changes/ledger';
import type { PortalVehicle } from '../../src/sandbox';
import { rig, type Rig } from '../sync/helpers';

async function syncedRig(): Promise<{ r: Rig; car: PortalVehicle; other: PortalVehicle }> {
  const r = await rig({ sandbox: { vehicles: 12, seed: 33 } });
  await r.engine.run({ kind: 'full' });
  const [car, other] = r.sb.data.list();
  if (car === undefined || other === undefined) throw new Error('the seed has too few listings');
  return { r, car, other };
}

const inInventory = (r: Rig, reference: string) => r.cache.queryVehicles({ text: reference }).rows.some((row) => row.reference === reference);

describe('mark as sold', () => {
  it('pending → discarded → pending again → sent (DELETE) → confirmed by a sync that no longer finds it → in Sold', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const [saved] = await r.engine.sales.sell([car.reference], { send: false });
    expect(saved).toMatchObject({ reference: car.reference, outcome: 'queued', code: 'sold.saved' });
    expect(r.cache.ledger.open()).toEqual([expect.objectContaining({ kind: 'sell', status: 'pending' })]);

    // Cancelled before it was sent: nothing reaches the portal.
    expect(createChanges(r.cache).discard({ reference: car.reference })).toHaveLength(1);
    expect(r.cache.ledger.open()).toEqual([]);
    await r.engine.run();
    expect(r.sb.data.get(car.reference)).toBeDefined();
    expect(r.sb.stats.count('DELETE /vehicles/:reference')).toBe(0);

    // Marked again; the next sync sends it first, then reads: the portal's queue has not applied it yet.
    const [again] = await r.engine.sales.sell([car.reference], { send: false });
    const id = again?.changeId ?? 0;
    r.sb.data.setQueueDelay(60_000);
    await r.engine.run();
    expect(r.sb.stats.count('DELETE /vehicles/:reference', 202)).toBe(1);
    expect(r.cache.ledger.get(id)).toMatchObject({ status: 'sent', closedAt: null });
    // Marked sold, it left the inventory at once; the portal still has it until its queue applies the delete.
    expect(inInventory(r, car.reference)).toBe(false);
    // The stock the sync recorded for the insights over time leaves it out too.
    expect(r.cache.insights().overTime.map((w) => w.inStock)).toEqual([r.cache.summary().total]);
    expect(r.cache.departed.get(car.reference)).toBeNull();

    // Applied: the next sync finds it gone, confirms the sale and keeps the listing as sold.
    r.sb.data.applyQueue();
    expect(r.sb.data.get(car.reference)).toBeUndefined();
    const confirming = await r.engine.run();
    // The sync's summary calls it sold, not removed.
    expect(confirming.counts).toMatchObject({ sold: 1, removed: 0 });
    expect(r.cache.ledger.get(id)).toMatchObject({ status: 'confirmed' });
    expect(inInventory(r, car.reference)).toBe(false);
    const sold = r.cache.departed.get(car.reference);
    expect(sold).toMatchObject({
      reference: car.reference,
      leftAs: 'sold',
      soldAt: again === undefined ? null : r.cache.ledger.get(id)?.createdAt,
      price: car.value,
    });
    expect(sold?.daysInStock).toBe(0);
    expect(r.cache.departed.query({ leftAs: ['sold'] }).rows.map((row) => row.reference)).toEqual([car.reference]);
    expect(JSON.parse(r.cache.departed.rawOf(car.reference) ?? '{}')).toMatchObject({ reference: car.reference });
  });

  it('a listing the portal deletes without a sale mark is removed, not sold', { timeout: 60_000 }, async () => {
    const { r, car, other } = await syncedRig();
    await r.engine.sales.sell([other.reference], { send: false });
    r.sb.data.remove(car.reference);
    // One sync: the sale is sent first (the sandbox's queue applies it at once here), then the sweep finds both gone.
    const report = await r.engine.run({ kind: 'full' });
    expect(report.counts).toMatchObject({ sold: 1, removed: 1 });
    // The insights' weeks count every listing that left the stock, sold or removed.
    expect(r.cache.insights().overTime.reduce((n, w) => n + w.removed, 0)).toBe(2);
    expect(r.cache.departed.get(car.reference)).toMatchObject({ leftAs: 'removed', soldAt: null });
    expect(r.cache.departed.get(other.reference)).toMatchObject({ leftAs: 'sold' });
    expect(r.cache.departed.query({ leftAs: ['sold'] }).rows.map((row) => row.reference)).toEqual([other.reference]);
    expect(r.cache.departed.query({ search: car.reference.toLowerCase() }).rows.map((row) => row.leftAs)).toEqual(['removed']);
  });

  it('sent at once when asked (the command line), refused for a listing not in the inventory', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const outcomes = await r.engine.sales.sell([car.reference, 'NOPE-1'], { send: true });
    expect(outcomes).toEqual([
      expect.objectContaining({ reference: car.reference, outcome: 'sent', code: 'sold.sent' }),
      expect.objectContaining({ reference: 'NOPE-1', outcome: 'refused', code: 'sold.notInInventory' }),
    ]);
    // Sent: no longer discardable, and marking it again sends nothing more.
    expect(() => createChanges(r.cache).discard({ reference: car.reference })).toThrow();
    expect(await r.engine.sales.sell([car.reference], { send: true })).toEqual([expect.objectContaining({ outcome: 'sent', code: 'sold.alreadySent' })]);
    expect(r.sb.stats.count('DELETE /vehicles/:reference')).toBe(1);
  });

  it(
    'marked sold, a listing leaves the inventory at once — list, counts, filters, attention, insights agree — and comes back when taken back or refused',
    { timeout: 60_000 },
    async () => {
      const { r, car } = await syncedRig();
      const total = r.cache.summary().total;
      /** Every count of the stock, each read its own way. */
      const counts = () => {
        const facets = r.cache.facetCounts({});
        return {
          summary: r.cache.summary().total,
          query: r.cache.queryVehicles({}).total,
          filtered: r.cache.countVehicles({ filters: { type: [car.type] } }),
          typeFacet: facets.type.find((f) => f.value === car.type)?.count ?? 0,
          insights: r.cache.insights().total,
          attention: r.cache.summary().needsAttention,
        };
      };
      const before = counts();
      const [saved] = await r.engine.sales.sell([car.reference], { send: false });
      const id = saved?.changeId ?? 0;
      expect(inInventory(r, car.reference)).toBe(false);
      // Even the first read after a write (the snapshot stale: SQLite answers the unfiltered list).
      r.cache.invalidate();
      expect(r.cache.queryVehicles({ window: { offset: 0, limit: 100 } }).rows.map((row) => row.reference)).not.toContain(car.reference);
      const after = counts();
      expect(after).toEqual({
        ...before,
        summary: total - 1,
        query: total - 1,
        filtered: before.filtered - 1,
        typeFacet: before.typeFacet - 1,
        insights: before.insights - 1,
        attention: after.attention,
      });
      expect(after.attention).toBeLessThanOrEqual(before.attention);
      // Its detail still opens; the Sold view shows it as a sale pending, among the sold, cancellable.
      expect(r.cache.getVehicle(car.reference)).not.toBeNull();
      const pending = r.cache.departed.query({ leftAs: ['sold'] });
      expect(pending.total).toBe(1);
      expect(pending.rows[0]).toMatchObject({ reference: car.reference, leftAs: 'pending', sale: { changeId: id, sent: false }, price: car.value });
      expect(r.cache.departed.query({ leftAs: ['removed'] }).total).toBe(0);
      expect(r.cache.departed.get(car.reference)).toBeNull();

      // Taken back: in the inventory again.
      createChanges(r.cache).discard({ reference: car.reference });
      expect(inInventory(r, car.reference)).toBe(true);
      expect(counts()).toEqual(before);
      expect(r.cache.departed.query({}).total).toBe(0);

      // Refused by the portal: back in the inventory, the refusal kept on the change.
      const [again] = await r.engine.sales.sell([car.reference], { send: false });
      expect(inInventory(r, car.reference)).toBe(false);
      r.cache.ledger.markFailed(again?.changeId ?? 0, { code: 'sold.refused', params: { message: 'no' } }, true);
      expect(inInventory(r, car.reference)).toBe(true);
      expect(r.cache.ledger.get(again?.changeId ?? 0)).toMatchObject({ status: 'refused', closedAt: null });
      expect(r.cache.departed.query({}).total).toBe(0);
      expect(counts().summary).toBe(total);
      expect(id).toBeGreaterThan(0);
    },
  );

  it('a listing that comes back on the portal leaves the departed list', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    r.sb.data.remove(car.reference);
    await r.engine.run({ kind: 'full' });
    expect(r.cache.departed.get(car.reference)).not.toBeNull();
    r.sb.data.upsert(car);
    await r.engine.run({ kind: 'full' });
    expect(r.cache.departed.get(car.reference)).toBeNull();
    expect(inInventory(r, car.reference)).toBe(true);
  });
});
