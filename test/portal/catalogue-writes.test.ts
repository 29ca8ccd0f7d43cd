// The portal client's catalogue lists and listing writes against the sandbox over loopback: lists
// read defensively (unknown fields kept, an item without a name skipped and counted, a missing list
// not_found), PUT and POST /vehicles queued like the publication calls, refusals in the portal's words.
import { describe, expect, it } from 'vitest';
import { listingWriteSchema, type ListingWrite } from '../../src/shared/listing-write';
import type { Sandbox } from '../../src/sandbox';
import { clientFor, errorOf, sandbox } from './helpers';

function argo(s: Sandbox, reference: string, extra: Record<string, unknown> = {}): ListingWrite {
  return listingWriteSchema.parse({
    reference,
    type: 'C',
    trimId: 10201,
    color: 'RED',
    gearbox: 'MANUAL',
    fuel: 'FLEX',
    doors: 4,
    mileage: 23000,
    licensePlate: 'rio-2a19',
    manufacturedYear: 2022,
    value: 'R$ 72.900,00',
    deposit: 20000,
    amountPerInstallment: 1650.5,
    amountOfInstallments: 48,
    accessories: [1, 4],
    pictures: [{ source: `${s.origin}/photos/argo-1.jpg` }],
    title: 'Fiat Argo Drive 1.0',
    ...extra,
  });
}

describe('portal client: catalogue', () => {
  it('reads the five lists as { id, name } items', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    expect((await client.getAccessories('C')).items).toContainEqual({ id: 1, name: 'Ar-condicionado' });
    expect((await client.getAccessories('M')).items).toContainEqual({ id: 22, name: 'Partida elétrica' });
    expect((await client.getOtherInfos()).items[0]).toEqual({ id: 1, name: 'Único dono' });
    expect((await client.getBrands('M')).items.map((b) => b.name)).toContain('Yamaha');
    expect((await client.getModels(1)).items.map((m) => m.name)).toContain('Argo');
    expect(await client.getTrims(102)).toEqual({
      items: [
        { id: 10201, name: 'Drive 1.0' },
        { id: 10202, name: 'Trekking 1.3' },
        { id: 10203, name: 'Drive 1.3 CVT' },
      ],
      skipped: 0,
    });
  });

  it('keeps fields it does not know, skips and counts an item without a name, says not_found for a list the portal lacks', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    s.dialect.set({ catalogue: { extraFields: true, itemWithoutName: true } });
    const read = await client.getOtherInfos();
    expect(read.skipped).toBe(1);
    expect(read.items[0]).toEqual({ id: 1, name: 'Único dono', slug: expect.any(String), active: true, position: 1 });
    s.dialect.set({ catalogue: { missing: ['trims'] } });
    const missing = await errorOf(client.getTrims(102));
    expect(missing).toMatchObject({ kind: 'not_found', code: 'portal.noCatalogueList', params: { list: 'trims' }, detail: { status: 404 } });
    expect((await client.getBrands('C')).items.length).toBeGreaterThan(0);
  });
});

describe('portal client: listing writes', () => {
  it('replaceVehicle and createVehicle answer the queue (202) and the portal applies them', async () => {
    const s = await sandbox({ queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const target = s.data.list()[0]?.reference ?? '';
    const put = await client.replaceVehicle(target, argo(s, target, { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }));
    expect(put).toMatchObject({ accepted: true, status: 202, queue: [{ messageType: 'UPDATE_VEHICLE', endpoint: `/integration/v2/vehicles/${target}` }] });
    const post = await client.createVehicle(argo(s, 'NOVO-9'));
    expect(post).toMatchObject({ accepted: true, status: 202, queue: [{ messageType: 'CREATE_VEHICLE' }] });
    expect(await client.getVehicle('NOVO-9')).toMatchObject({ status: 'pending' });
    s.data.applyQueue();
    expect(await s.data.settle()).toBe(2);
    expect(s.data.get(target)).toMatchObject({ value: 72900, licensePlate: 'RIO2A19', modelYear: 2022 });
    expect(s.data.videoUrl(target)).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(await client.getVehicle('NOVO-9')).toMatchObject({ status: 'found', vehicle: { vehicle: { reference: 'NOVO-9' } } });
  });

  it('a refusal is validation with the portal’s words; an unknown listing not_found', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    const target = s.data.list()[0]?.reference ?? '';
    const refused = await errorOf(client.replaceVehicle(target, { ...argo(s, target), trimId: 999999 }));
    expect(refused).toMatchObject({ kind: 'validation', detail: { status: 422, portalMessage: ['trimId 999999 does not exist in the catalogue'] } });
    const bad = await errorOf(client.createVehicle({ ...argo(s, 'NOVO-8'), licensePlate: 'rio-2a19' }));
    expect(bad).toMatchObject({ kind: 'validation', detail: { status: 400, method: 'POST' } });
    const duplicate = await errorOf(client.createVehicle(argo(s, target)));
    expect(duplicate).toMatchObject({ kind: 'validation', detail: { status: 422 } });
    const missing = await errorOf(client.replaceVehicle('NOPE', argo(s, 'NOPE')));
    expect(missing).toMatchObject({ kind: 'not_found', code: 'portal.noListingToEdit', params: { reference: 'NOPE' } });
  });

  it('sends a create once (a second would be refused as its own duplicate), a replace again after a 503', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getOtherInfos(); // the JWT first: the failure below is the write's own
    s.faults.failNext(1, 503);
    expect(await errorOf(client.createVehicle(argo(s, 'NOVO-7')))).toMatchObject({ kind: 'server', detail: { status: 503 } });
    expect(s.stats.count('POST /vehicles')).toBe(1);
    const target = s.data.list()[1]?.reference ?? '';
    s.faults.failNext(1, 503);
    expect(await client.replaceVehicle(target, argo(s, target))).toMatchObject({ accepted: true, status: 202 });
    expect(s.stats.count('PUT /vehicles/:reference')).toBe(2);
  });
});
