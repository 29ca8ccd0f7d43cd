// A change whose whole body fails Showroom's own checks as it is about to go (saved under an older
// rule, or its listing changed on the portal since), against the sandbox over loopback: refused by
// those checks with the failed fields in the dealer's words, never sent, not tried again at the next
// sync, needing the dealer like a portal refusal, and fixed or discarded as one.
import { describe, expect, it } from 'vitest';
import { pendingEditView } from '../../src/main/changes/edit-view';
import { EDIT_KIND } from '../../src/main/changes/kinds/edit';
import { CREATE_KIND } from '../../src/main/changes/kinds/create';
import { createChanges } from '../../src/main/changes/ledger';
import { writeValuesOf } from '../../src/shared/listing-write-read';
import type { PortalVehicle } from '../../src/sandbox';
import { rig, type Rig } from '../sync/helpers';

async function syncedRig(): Promise<{ r: Rig; car: PortalVehicle }> {
  const r = await rig({ sandbox: { vehicles: 30, seed: 51 } });
  await r.engine.run({ kind: 'full' });
  const car = r.sb.data.list().find((v) => v.type === 'C' && v.pictures.length > 1 && v.mileage > 0 && v.licensePlate !== '');
  if (car === undefined) throw new Error('the seed has no car to edit');
  return { r, car };
}

const puts = (r: Rig) => r.sb.stats.count('PUT /vehicles/:reference');
const posts = (r: Rig) => r.sb.stats.count('POST /vehicles');
const listed = (r: Rig, reference: string) => r.cache.queryVehicles({ text: reference }).rows.find((row) => row.reference === reference);
const refusedByChecks = { status: 'refused', lastError: { code: 'ledger.refusedByChecks', params: { count: 1 } } };

describe("a change refused by Showroom's own checks", () => {
  it(
    'an edit whose listing changed on the portal so the body fails: refused on the field, not sent again, then fixed and sent',
    { timeout: 90_000 },
    async () => {
      const { r, car } = await syncedRig();
      // A new car (no mileage) needs no plate: the dealer takes it off, offline.
      await r.sb.data.editElsewhere(car.reference, { mileage: 0 });
      expect((await r.engine.run()).outcome).toBe('succeeded');
      r.sb.faults.set({ resetRate: 1 });
      const { changeId } = await r.engine.edits.edit(car.reference, { licensePlate: '' });
      r.sb.faults.clear();
      // Meanwhile the portal's copy gets mileage: the body the edit makes (no plate, used) fails our rules.
      await r.sb.data.editElsewhere(car.reference, { mileage: 800 });

      expect(await r.engine.flushChanges()).toEqual({ sent: {}, failed: { edit: 1 }, remaining: 0 });
      expect(r.cache.ledger.get(changeId)).toMatchObject({
        ...refusedByChecks,
        sendingSince: null,
        refusedFields: null,
        checks: [{ field: 'licensePlate', code: 'listingWrite.plateRequired' }],
      });
      expect(puts(r)).toBe(0);
      // Needs attention counts it like a portal refusal; the detail says it and can discard it.
      expect(listed(r, car.reference)?.attention).toContain('editRefused');
      expect(pendingEditView(r.cache.ledger.get(changeId)!, null)).toMatchObject({
        status: 'refused',
        discardable: true,
        error: refusedByChecks.lastError,
        checks: [{ field: 'licensePlate', code: 'listingWrite.plateRequired' }],
      });
      // The next syncs leave it be: nothing sent, still refused.
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect(puts(r)).toBe(0);
      expect(r.cache.ledger.get(changeId)).toMatchObject(refusedByChecks);

      // Fixed in the form: a plate again. The same change, its refusal forgotten, sent.
      const fixed = await r.engine.edits.edit(car.reference, { licensePlate: 'ABC1D23' });
      expect(fixed).toMatchObject({ changeId, outcome: 'sent' });
      expect(r.cache.ledger.get(changeId)).toMatchObject({ status: 'sent', checks: null, lastError: null });
      await r.sb.data.settle();
      expect(r.sb.data.get(car.reference)).toMatchObject({ mileage: 800, licensePlate: 'ABC1D23' });
    },
  );

  it('an edit saved under an older rule: refused on its field at the first send, then typed again and sent', { timeout: 90_000 }, async () => {
    const { r, car } = await syncedRig();
    // As a version with a longer title limit saved it (the ledger's store validates nothing).
    const old = r.cache.ledger.save({
      kind: EDIT_KIND,
      reference: car.reference,
      payload: { title: 'x'.repeat(140), mileage: car.mileage + 5 },
      base: { updatedAt: null, title: car.title ?? null, mileage: car.mileage },
      slot: EDIT_KIND,
      reason: 'editRefused',
      overlay: null,
    });
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(r.cache.ledger.get(old.id)).toMatchObject({ ...refusedByChecks, checks: [{ field: 'title', code: 'listingWrite.title' }] });
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(puts(r)).toBe(0);
    // The detail shows what the dealer typed, the form opens on it.
    expect(pendingEditView(r.cache.ledger.get(old.id)!, null).fields.map((f) => f.field)).toEqual(['mileage', 'title']);

    const fixed = await r.engine.edits.edit(car.reference, { title: 'Revisado' });
    expect(fixed).toMatchObject({ changeId: old.id, outcome: 'sent' });
    await r.sb.data.settle();
    expect(r.sb.data.get(car.reference)).toMatchObject({ title: 'Revisado', mileage: car.mileage + 5 });
  });

  it('a new listing saved under an older rule: refused, listed as such, never posted; discarded, it is gone', { timeout: 90_000 }, async () => {
    const { r, car } = await syncedRig();
    const listing = { ...writeValuesOf(r.cache.getVehicle(car.reference)!.vehicle), reference: 'NEW-OLD', title: 'x'.repeat(140) };
    const old = r.cache.ledger.save({
      kind: CREATE_KIND,
      reference: 'NEW-OLD',
      payload: listing,
      base: { updatedAt: null },
      slot: CREATE_KIND,
      reason: 'createRefused',
      overlay: null,
    });
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(posts(r)).toBe(0);
    expect(r.engine.creates.list()).toEqual([
      expect.objectContaining({
        changeId: old.id,
        state: 'refused',
        discardable: true,
        error: refusedByChecks.lastError,
        checks: [{ field: 'title', code: 'listingWrite.title', params: { max: 100 } }],
      }),
    ]);
    expect(createChanges(r.cache).discard({ id: old.id })).toEqual([expect.objectContaining({ status: 'discarded' })]);
    expect(r.engine.creates.list()).toEqual([]);
    expect(posts(r)).toBe(0);
  });

  it('a new listing refused by our checks, corrected in the form: the same change, sent once', { timeout: 90_000 }, async () => {
    const { r, car } = await syncedRig();
    const listing = { ...writeValuesOf(r.cache.getVehicle(car.reference)!.vehicle), reference: 'NEW-FIX' };
    const old = r.cache.ledger.save({
      kind: CREATE_KIND,
      reference: 'NEW-FIX',
      payload: { ...listing, title: 'x'.repeat(140) },
      base: { updatedAt: null },
      slot: CREATE_KIND,
      reason: 'createRefused',
      overlay: null,
    });
    expect(await r.engine.flushChanges()).toEqual({ sent: {}, failed: { create: 1 }, remaining: 0 });
    const again = await r.engine.creates.create({ ...listing, title: 'Novo' }, { replaces: old.id });
    expect(again).toMatchObject({ changeId: old.id, outcome: 'sent' });
    expect(r.engine.creates.list()).toEqual([expect.objectContaining({ state: 'creating', checks: null })]);
    expect(posts(r)).toBe(1);
  });
});
