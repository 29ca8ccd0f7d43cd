// A new listing through the pending-change ledger, against the sandbox over loopback: checked whole
// and its reference against the inventory before it is saved; kept as a draft offline (a kill
// included) and sent at the next sync, once; "being created" while the portal answers 202 for it;
// confirmed by the read that shows it; published when the plan has room, else off the portal by the
// plan's doing, with Publish again as its next step; a refusal keeps the portal's words per field.
import { describe, expect, it } from 'vitest';
import { writeValuesOf } from '../../src/shared/listing-write-read';
import type { PortalVehicle } from '../../src/sandbox';
import { rig, type Rig } from '../sync/helpers';
import { killAfterSave } from './fixtures/kill-after-save';

/** A synced rig and a car of its stock to start new listings from (its write values pass the portal's rules). */
async function syncedRig(options: { queueDelayMs?: number } = {}): Promise<{ r: Rig; car: PortalVehicle }> {
  const r = await rig({ sandbox: { vehicles: 30, seed: 51, ...options } });
  await r.engine.run({ kind: 'full' });
  const car = r.sb.data.list().find((v) => v.type === 'C' && v.pictures.length > 1 && v.mileage > 0 && v.publication !== null);
  if (car === undefined) throw new Error('the seed has no car to start from');
  return { r, car };
}

/** A new listing made of the car's values under another reference. */
function newListing(r: Rig, car: PortalVehicle, reference: string): Record<string, unknown> {
  const vehicle = r.cache.getVehicle(car.reference)!.vehicle;
  return { ...writeValuesOf(vehicle), reference, title: 'Novo no estoque' };
}

/** The POSTs to /vehicles the sandbox accepted. */
const posts = (r: Rig) => r.sb.stats.count('POST /vehicles', 202);

describe('a new listing through the ledger', () => {
  it(
    'offline: a draft, sent once at the next sync, being created while the portal answers 202, then confirmed and published',
    { timeout: 60_000 },
    async () => {
      const { r, car } = await syncedRig({ queueDelayMs: Infinity });
      const listing = newListing(r, car, 'NEW-0001');
      r.sb.faults.set({ resetRate: 1 });
      const saved = await r.engine.creates.create(listing);
      expect(saved).toMatchObject({ outcome: 'queued', code: 'create.saved' });
      expect(r.engine.creates.list()).toEqual([expect.objectContaining({ reference: 'NEW-0001', state: 'draft', discardable: true })]);
      r.sb.faults.clear();

      // The next sync sends it first; the portal queues it and answers 202 to reads of it.
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect(posts(r)).toBe(1);
      expect(r.engine.creates.list()).toEqual([expect.objectContaining({ reference: 'NEW-0001', state: 'creating', discardable: false })]);
      expect(r.cache.getVehicle('NEW-0001')).toBeNull();
      // Another sync while the portal still creates it: not sent again.
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect(posts(r)).toBe(1);
      expect(r.engine.creates.list()[0]?.state).toBe('creating');

      // Created: the next sync reads it, confirms it, and it is in the inventory, on the portal.
      r.sb.data.applyQueue();
      await r.sb.data.settle();
      expect((await r.engine.run()).outcome).toBe('succeeded');
      expect(r.engine.creates.list()).toEqual([]);
      expect(r.cache.ledger.get(saved.changeId)).toMatchObject({ status: 'confirmed' });
      expect(r.cache.getVehicle('NEW-0001')?.vehicle).toMatchObject({ reference: 'NEW-0001', title: 'Novo no estoque', publication: expect.any(Object) });
      expect(posts(r)).toBe(1);
    },
  );

  it('a plan with no free slot: created off the portal, off by the plan, with Publish again as the next step', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const plan = r.sb.data.plan();
    r.sb.data.setPlan({ adsQuantity: plan.currentPlan.adsQuantity - plan.available.adsQuantity });
    await r.engine.run();
    const outcome = await r.engine.creates.create(newListing(r, car, 'NEW-FULL'));
    expect(outcome).toMatchObject({ outcome: 'sent', code: 'create.sent' });
    await r.sb.data.settle();
    expect(r.sb.data.get('NEW-FULL')?.publication).toBeNull();
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(r.engine.creates.list()).toEqual([]);
    const row = r.cache.queryVehicles({ text: 'NEW-FULL' }).rows.find((v) => v.reference === 'NEW-FULL');
    expect(row?.attention).toContain('droppedByPlan');
    expect(r.cache.queryVehicles({ filters: { attention: ['droppedByPlan'] } }).rows.map((v) => v.reference)).toContain('NEW-FULL');
  });

  it('a reference of the inventory, or of another new listing, is refused on the reference before anything is saved', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    r.sb.faults.set({ resetRate: 1 });
    const clash = { kind: 'bad_input', code: 'listingWrite.referenceTaken', detail: { fields: [expect.objectContaining({ field: 'reference' })] } };
    await expect(r.engine.creates.create(newListing(r, car, car.reference))).rejects.toMatchObject(clash);
    const first = await r.engine.creates.create(newListing(r, car, 'NEW-A'));
    await expect(r.engine.creates.create(newListing(r, car, 'new-a'))).rejects.toMatchObject(clash);
    // The draft itself, saved again: replaced, not a clash.
    const again = await r.engine.creates.create({ ...newListing(r, car, 'NEW-A'), title: 'Corrigido' }, { replaces: first.changeId });
    expect(again.changeId).toBe(first.changeId);
    // Renamed: the draft under its old reference goes.
    await r.engine.creates.create(newListing(r, car, 'NEW-B'), { replaces: first.changeId });
    expect(r.engine.creates.list().map((n) => [n.reference, n.listing.title])).toEqual([['NEW-B', 'Novo no estoque']]);
  });

  it('bad values are refused before anything is saved, every field named', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const bad = { ...newListing(r, car, 'NEW-BAD'), title: 'x'.repeat(101), pictures: [] };
    const error = await r.engine.creates.create(bad).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_input' });
    expect((error as { detail: { fields: Array<{ field: string }> } }).detail.fields.map((f) => f.field).sort()).toEqual(['pictures', 'title']);
    await expect(r.engine.creates.create({ ...newListing(r, car, 'NEW-BAD'), price: 1 })).rejects.toMatchObject({ code: 'listingWrite.unknownField' });
    expect(r.cache.ledger.open()).toEqual([]);
    expect(posts(r)).toBe(0);
  });

  it('a refusal keeps the portal’s words on the field it names; corrected, it is sent again', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    // An accessory id the catalogue does not have: the schema cannot know it, the portal refuses it (422).
    const outcome = await r.engine.creates.create({ ...newListing(r, car, 'NEW-REF'), accessories: [999_999] });
    expect(outcome).toMatchObject({ outcome: 'refused' });
    const [refused] = r.engine.creates.list();
    // A refused change can be taken back like one not sent: the portal changed nothing.
    expect(refused).toMatchObject({ state: 'refused', discardable: true });
    expect(Object.keys(refused?.refusals ?? {})).toEqual(['accessories']);
    const again = await r.engine.creates.create(newListing(r, car, 'NEW-REF'), { replaces: outcome.changeId });
    expect(again).toMatchObject({ outcome: 'sent', changeId: outcome.changeId });
    expect(r.engine.creates.list()).toEqual([expect.objectContaining({ state: 'creating', refusals: {} })]);
  });

  it('a kill right after Save loses nothing: the draft is there when the app opens again, and is sent', { timeout: 60_000 }, async () => {
    const { r, car } = await syncedRig();
    const listing = newListing(r, car, 'NEW-KILL');
    r.cache.close();
    await killAfterSave('create-child.ts', [r.file, JSON.stringify(listing)]);
    const reopened = await rig({ sb: r.sb, file: r.file });
    expect(reopened.engine.creates.list()).toEqual([expect.objectContaining({ reference: 'NEW-KILL', state: 'draft' })]);
    expect(await reopened.engine.flushChanges()).toEqual({ sent: { create: 1 }, failed: {}, remaining: 0 });
    expect(posts(reopened)).toBe(1);
  });
});
