// Editing a listing through the pending-change ledger, against the sandbox over loopback: saved
// durably, shown at once (list, detail, filters, sort), sent as a PUT built from a fresh read,
// confirmed by the read that shows it, then gone; a second edit joins the first; a field changed on
// the portal too holds the edit for the dealer; a refusal keeps the portal's words on its field.
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache';
import { pendingEditView } from '../../src/main/changes/edit-view';
import { createChanges } from '../../src/main/changes/ledger';
import { pendingChangeViews } from '../../src/main/changes/view';
import type { PortalVehicle } from '../../src/sandbox';
import { rig, type Rig } from '../sync/helpers';
import type { InventoryFilters } from '../../src/shared/inventory-filters';
import { KNOWN_COLORS, KNOWN_FUELS, KNOWN_GEARBOXES } from '../../src/shared/vehicle';
import { killAfterSave } from './fixtures/kill-after-save';

/** A synced rig and a car of its stock whose data passes the portal's rules as it is. */
async function syncedRig(): Promise<{ r: Rig; car: PortalVehicle }> {
  const r = await rig({ sandbox: { vehicles: 30, seed: 51 } });
  await r.engine.run({ kind: 'full' });
  const car = r.sb.data.list().find((v) => v.type === 'C' && v.pictures.length > 1 && v.mileage > 0);
  if (car === undefined) throw new Error('the seed has no car to edit');
  return { r, car };
}

const listed = (r: Rig, reference: string) => r.cache.queryVehicles({ text: reference }).rows.find((row) => row.reference === reference);

describe('an edit through the ledger', () => {
  it('save → shown in list, detail, filter and sort → PUT from a fresh read → confirmed by a read → gone', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    // Above every other price: sorted by price, it must come first (the index alone would keep it where the portal's price puts it).
    const price = Math.max(...r.sb.data.list().map((v) => v.value)) + 1234;
    const title = `${car.title ?? 'Car'} — revisado`;
    // Offline: saved and shown, not sent.
    r.sb.faults.set({ resetRate: 1 });
    const outcome = await r.engine.edits.edit(car.reference, { value: `R$ ${price.toLocaleString('pt-BR')},00`, title });
    expect(outcome).toMatchObject({ outcome: 'queued' });
    expect(r.cache.ledger.open()).toEqual([expect.objectContaining({ kind: 'edit', status: expect.stringMatching(/pending|sending/) })]);
    // The row carries the portal's value of each pending column, for the list's "pending (portal: …)".
    expect(listed(r, car.reference)).toMatchObject({ price, title, portalValues: { price: car.value, title: car.title ?? null } });
    expect(r.cache.getVehicle(car.reference)?.row).toMatchObject({ price, title });
    const other = r.sb.data.list().find((v) => v.reference !== car.reference)!;
    expect(listed(r, other.reference)?.portalValues).toBeNull();
    // The price filter and sort read the pending price, not the portal's.
    const inRange = r.cache.queryVehicles({ filters: { price: { min: price, max: price } } }).rows.map((row) => row.reference);
    expect(inRange).toContain(car.reference);
    const byPrice = r.cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 100 } }).rows;
    expect(byPrice[0]?.reference).toBe(car.reference);
    const values = byPrice.map((row) => row.price ?? -Infinity);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // The same order while the snapshot is stale (the first read after a write), which SQL answers.
    r.cache.invalidate();
    const stale = r.cache.queryVehicles({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 100 } }).rows;
    expect(stale.map((row) => row.reference)).toEqual(byPrice.map((row) => row.reference));
    // The detail's view: each field the dealer changed beside the portal's value.
    const change = r.cache.ledger.open()[0]!;
    expect(pendingEditView(change, r.cache.getVehicle(car.reference)!.vehicle).fields).toEqual([
      { field: 'value', mine: price, portal: car.value, conflict: null, refusal: null },
      { field: 'title', mine: title, portal: car.title, conflict: null, refusal: null },
    ]);
    expect(r.sb.data.get(car.reference)?.value).toBe(car.value);

    // Online again: the next sync sends it first, as a PUT carrying every other field as the portal has it.
    r.sb.faults.clear();
    const accessories = car.accessories.map((a) => a.id);
    expect(await r.engine.flushChanges()).toEqual({ sent: { edit: 1 }, failed: {}, remaining: 0 });
    await r.sb.data.settle();
    const applied = r.sb.data.get(car.reference)!;
    expect(applied).toMatchObject({ value: price, title, mileage: car.mileage, licensePlate: car.licensePlate, description: car.description });
    expect(applied.accessories.map((a) => a.id)).toEqual(accessories);
    expect(applied.pictures).toHaveLength(car.pictures.length);
    expect(r.cache.ledger.get(change.id)).toMatchObject({ status: 'sent', closedAt: null });

    // The next sync reads it as asked: confirmed, and nothing is pending any more.
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(r.cache.ledger.get(change.id)).toMatchObject({ status: 'confirmed' });
    expect(pendingChangeViews(r.cache)).toEqual([]);
    expect(listed(r, car.reference)).toMatchObject({ price, title, portalValues: null });
  });

  it(
    'the fuel, gearbox and colour filters and the title sort read the pending values, fresh and while the snapshot is stale',
    { timeout: 60_000 },
    async () => {
      const { r, car } = await syncedRig();
      const other = <T extends string>(values: readonly T[], now: string): T => values.find((v) => v !== now)!;
      const fuel = other(KNOWN_FUELS, car.fuel);
      const gearbox = other(KNOWN_GEARBOXES, car.gearbox);
      const color = other(KNOWN_COLORS, car.color);
      // Last in a descending sort by title: 'zz' after every title of the stock (NOCASE).
      const title = `zz ${car.title ?? 'Carro'}`;
      r.sb.faults.set({ resetRate: 1 });
      expect(await r.engine.edits.edit(car.reference, { fuel, gearbox, color, title })).toMatchObject({ outcome: 'queued' });
      const selected = (filters: InventoryFilters) => r.cache.queryVehicles({ filters, window: { offset: 0, limit: 500 } }).rows.map((row) => row.reference);
      for (const [name, mine, portal] of [
        ['fuel', fuel, car.fuel],
        ['gearbox', gearbox, car.gearbox],
        ['color', color, car.color],
      ] as const) {
        expect(selected({ [name]: [mine] }), name).toContain(car.reference);
        expect(selected({ [name]: [portal] }), name).not.toContain(car.reference);
        expect(r.cache.facetCounts({ filters: { [name]: [mine] } })[name].find((f) => f.value === mine)?.count).toBe(selected({ [name]: [mine] }).length);
      }
      const byTitle = () => r.cache.queryVehicles({ sort: { field: 'title', dir: 'desc' }, window: { offset: 0, limit: 50 } }).rows.map((row) => row.reference);
      expect(byTitle()[0]).toBe(car.reference);
      // While the snapshot is stale, SQL answers the whole stock's window: the same order.
      r.cache.invalidate();
      expect(byTitle()[0]).toBe(car.reference);
    },
  );

  it('a second edit before sending joins the first: one change, both fields, the first base kept', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    r.sb.faults.set({ resetRate: 1 });
    await r.engine.edits.edit(car.reference, { mileage: car.mileage + 10 });
    await r.engine.edits.edit(car.reference, { value: 45_000, mileage: car.mileage + 20 });
    const open = r.cache.ledger.open();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ payload: { mileage: car.mileage + 20, value: 45_000 }, base: { mileage: car.mileage, value: car.value } });
    expect(listed(r, car.reference)).toMatchObject({ price: 45_000, mileage: car.mileage + 20 });
  });

  it(
    'a field changed on the portal too, to another value, holds the edit with mine / portal / original; resolved, it is sent',
    { timeout: 60_000 },
    async () => {
      const { r, car } = await syncedRig();
      r.sb.faults.set({ resetRate: 1 });
      const change = (await r.engine.edits.edit(car.reference, { value: 41_000, title: 'Mine' })).changeId;
      r.sb.faults.clear();
      // The dealer's other software changes the price (and the mileage, which this edit leaves alone).
      await r.sb.data.editElsewhere(car.reference, { value: 43_000, mileage: car.mileage + 500 });
      expect(await r.engine.flushChanges()).toMatchObject({ sent: {}, remaining: 0 });
      const held = r.cache.ledger.get(change)!;
      expect(held.conflict).toEqual({ value: { mine: 41_000, portal: 43_000, original: car.value } });
      expect(r.sb.data.get(car.reference)?.value).toBe(43_000);
      expect(r.cache.queryVehicles({ filters: { attention: ['editConflict'] } }).rows.map((row) => row.reference)).toEqual([car.reference]);

      // The dealer keeps theirs: sent over the portal's price, the portal's mileage kept.
      const resolved = await r.engine.edits.resolve(car.reference, { keep: 'mine', field: 'value' });
      expect(resolved).toMatchObject({ outcome: 'sent' });
      await r.sb.data.settle();
      expect(r.sb.data.get(car.reference)).toMatchObject({ value: 41_000, title: 'Mine', mileage: car.mileage + 500 });
    },
  );

  it('keeping the portal’s value drops the dealer’s for that field only', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    r.sb.faults.set({ resetRate: 1 });
    const change = (await r.engine.edits.edit(car.reference, { value: 41_000, title: 'Mine' })).changeId;
    r.sb.faults.clear();
    await r.sb.data.editElsewhere(car.reference, { value: 43_000 });
    await r.engine.flushChanges();
    r.sb.faults.set({ resetRate: 1 });
    await r.engine.edits.resolve(car.reference, { keep: 'portal' });
    expect(r.cache.ledger.get(change)).toMatchObject({ payload: { title: 'Mine' }, conflict: null, status: expect.stringMatching(/^(pending|sending)$/) });
  });

  it('a refusal keeps the portal’s words on the field it names, and the edit stays editable', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    // An accessory id the catalogue does not have: the schema cannot know it, the portal refuses it (422).
    const outcome = await r.engine.edits.edit(car.reference, { accessories: [999_999], title: 'Refused' });
    expect(outcome).toMatchObject({ outcome: 'refused' });
    const refused = r.cache.ledger.get(outcome.changeId)!;
    expect(refused.status).toBe('refused');
    expect(Object.keys(refused.refusedFields ?? {})).toEqual(['accessories']);
    expect(listed(r, car.reference)?.attention).toContain('editRefused');
    // Corrected and saved again: the same change, pending again, the refusal forgotten.
    const again = await r.engine.edits.edit(car.reference, { accessories: car.accessories.map((a) => a.id) });
    expect(again.changeId).toBe(outcome.changeId);
    expect(again.outcome).toBe('sent');
    expect(r.cache.ledger.get(outcome.changeId)).toMatchObject({ status: 'sent', refusedFields: null, payload: { title: 'Refused' } });
  });

  it('a refused edit can be discarded: the listing shows the portal’s values again and needs nothing', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const outcome = await r.engine.edits.edit(car.reference, { accessories: [999_999], title: 'Refused' });
    expect(outcome).toMatchObject({ outcome: 'refused' });
    expect(pendingEditView(r.cache.ledger.get(outcome.changeId)!, null).discardable).toBe(true);
    expect(createChanges(r.cache).discard({ reference: car.reference })).toEqual([expect.objectContaining({ id: outcome.changeId, status: 'discarded' })]);
    expect(r.cache.ledger.get(outcome.changeId)).toMatchObject({ status: 'discarded', closedAt: expect.any(String) });
    expect(listed(r, car.reference)?.title).toBe(car.title);
    expect(listed(r, car.reference)?.attention).not.toContain('editRefused');
    expect(pendingChangeViews(r.cache)).toEqual([]);
  });

  it('bad values are refused before anything is saved, naming the field', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    await expect(r.engine.edits.edit(car.reference, { title: 'x'.repeat(101) })).rejects.toMatchObject({ kind: 'bad_input', code: 'listingWrite.title' });
    // The listing this would make: a used car without a plate.
    await expect(r.engine.edits.edit(car.reference, { licensePlate: '' })).rejects.toMatchObject({
      kind: 'bad_input',
      code: 'listingWrite.plateRequired',
      detail: { fields: [{ field: 'licensePlate', code: 'listingWrite.plateRequired' }] },
    });
    expect(r.cache.ledger.open()).toEqual([]);
  });

  it('a kill right after Save loses nothing: the edit is there, shown, when the app opens again', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    r.cache.close();
    await killAfterSave('edit-child.ts', [r.file, car.reference, JSON.stringify({ value: 39_990 })]);
    const reopened = openCache(r.file);
    try {
      expect(reopened.ledger.open()).toEqual([
        expect.objectContaining({ kind: 'edit', reference: car.reference, payload: { value: 39_990 }, status: 'pending' }),
      ]);
      expect(reopened.getVehicle(car.reference)?.row.price).toBe(39_990);
    } finally {
      reopened.close();
    }
  });
});
