// Inventory, facets, summary, vehicle detail with photos, and clearing the cache — over a cache
// seeded from the sandbox's stock (the sync itself is tested in sync.test.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPhotos } from '../../src/main/ipc/backend';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { errorKindOf, inventoryQuery, makeBackend, seedCache, type TestBackend } from './helpers';

let sandbox: Sandbox;
let b: TestBackend;
let accountId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ vehicles: 60, seed: 7 });
  b = await makeBackend();
  accountId = (await b.call('accounts.add', { name: 'Loja', baseUrl: sandbox.baseUrl, token: sandbox.integrationToken })).id;
  seedCache(b.dataDir, accountId, sandbox.data.list());
});
afterAll(async () => {
  await b.cleanup();
  await sandbox.close();
});

describe('inventory', () => {
  it('query: total, window, sort, row view', async () => {
    const all = sandbox.data.list();
    const page = await b.call('inventory.query', inventoryQuery({ window: { offset: 0, limit: 10 } }));
    expect(page.total).toBe(all.length);
    expect(page.rows).toHaveLength(10);
    expect(page.rows.map((r) => r.reference)).toEqual(
      all
        .map((v) => v.reference)
        .sort()
        .slice(0, 10),
    );
    const first = all.find((v) => v.reference === page.rows[0]?.reference);
    const row = page.rows[0];
    expect(row).toMatchObject({
      reference: first?.reference,
      title: first?.title,
      brand: first?.brand.name,
      plate: first?.licensePlate,
      pictureCount: first?.pictures.length ?? 0,
      urlReady: Boolean(first?.url),
      publication: { onPortal: first?.publication != null, unpublish: 'none', unpublishRequestedAt: null },
    });
    const next = await b.call('inventory.query', inventoryQuery({ window: { offset: 10, limit: 10 } }));
    expect(next.rows[0]?.reference).toBe(all.map((v) => v.reference).sort()[10]);
    const byValue = await b.call('inventory.query', inventoryQuery({ sort: { field: 'value', dir: 'desc' }, window: { offset: 0, limit: 500 } }));
    const values = byValue.rows.map((r) => r.price ?? -1);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    const byPortal = await b.call('inventory.query', inventoryQuery({ sort: { field: 'portal', dir: 'asc' } }));
    expect(byPortal.total).toBe(all.length);
  });

  it('search by reference, by plate without its punctuation, and filters', async () => {
    const target = sandbox.data.list()[5];
    if (!target?.licensePlate) throw new Error('the sandbox vehicle has no plate');
    const byRef = await b.call('inventory.query', inventoryQuery({ text: target.reference }));
    expect(byRef.rows.map((r) => r.reference)).toContain(target.reference);
    const byPlate = await b.call('inventory.query', inventoryQuery({ text: target.licensePlate.replace(/[^0-9a-z]/gi, '').toLowerCase() }));
    expect(byPlate.rows.map((r) => r.reference)).toContain(target.reference);
    const brand = target.brand.name;
    const filtered = await b.call('inventory.query', inventoryQuery({ filters: { brand: [brand] }, window: { offset: 0, limit: 500 } }));
    expect(filtered.total).toBe(sandbox.data.list().filter((v) => v.brand.name === brand).length);
    expect(filtered.rows.every((r) => r.brand === brand)).toBe(true);
    const off = await b.call('inventory.query', inventoryQuery({ filters: { portal: ['off'] } }));
    expect(off.total).toBe(sandbox.data.list().filter((v) => v.publication == null).length);
  });

  it('facets and summary', async () => {
    const all = sandbox.data.list();
    const facets = await b.call('inventory.facets', { text: '', filters: {} });
    expect(facets.brand.reduce((n, f) => n + f.count, 0)).toBe(all.length);
    expect(facets.portal.on + facets.portal.off + facets.portal.pending).toBe(all.length);
    const summary = await b.call('inventory.summary', {});
    expect(summary.total).toBe(all.length);
    expect(summary.onPortal).toBe(all.filter((v) => v.publication != null).length);
    expect(summary.lastSyncAt).not.toBeNull();
    const account = (await b.call('accounts.list', {})).find((a) => a.id === accountId);
    expect(account?.lastSyncAt).toBe(summary.lastSyncAt);
  });

  it('insights: over the bridge, figures whose bars open the same listings', async () => {
    const all = sandbox.data.list();
    const insights = await b.call('inventory.insights', {});
    expect(insights.total).toBe(all.length);
    const aged = insights.age.buckets.reduce((n, x) => n + x.onPortal.count + x.offPortal.count, 0);
    expect(aged + insights.age.unknown).toBe(all.length);
    for (const bucket of insights.age.buckets) {
      for (const bar of [bucket.onPortal, bucket.offPortal]) {
        const page = await b.call('inventory.query', inventoryQuery({ filters: bar.filters ?? {}, window: { offset: 0, limit: 0 } }));
        expect(page.total).toBe(bar.count);
      }
    }
  });
});

describe('vehicles.get', () => {
  it('detail with photos in order; opening it downloads them and says so', async () => {
    const target = sandbox.data.list().find((v) => v.pictures.length >= 3);
    if (!target) throw new Error('no vehicle with photos');
    const since = b.events.all.length;
    const detail = await b.call('vehicles.get', { reference: target.reference });
    expect(detail.reference).toBe(target.reference);
    expect(detail.raw).toEqual(JSON.parse(JSON.stringify(target)));
    expect(detail.vehicle.title).toBe(target.title);
    expect(detail.photos.map((p) => p.order)).toEqual([...target.pictures].map((p) => p.order).sort((x, y) => x - y));
    expect(detail.photos.every((p) => /^\d+$/.test(p.photoId))).toBe(true);
    expect(detail.syncedAt).not.toBeNull();
    await b.events.next('cache.changed', (p) => p.reason === 'photos', { since });
    const again = await b.call('vehicles.get', { reference: target.reference });
    expect(again.photos.map((p) => p.cache)).toEqual(again.photos.map(() => 'cached'));
    expect(again.photos.map((p) => p.photoId)).toEqual(detail.photos.map((p) => p.photoId));
    const photos = currentPhotos(b.backend);
    const resolved = await photos?.resolve(again.photos[0]?.photoId ?? '');
    expect(resolved?.contentType).toBe('image/jpeg');
    expect(existsSync(join(photos?.root ?? '', resolved?.path ?? 'missing'))).toBe(true);
    // The list's cover id is the same opaque id.
    const row = (await b.call('inventory.query', inventoryQuery({ text: target.reference }))).rows.find((r) => r.reference === target.reference);
    expect(row?.coverPhotoId).toBe(again.photos[0]?.photoId);
  });

  it('a photo that failed is fetched again when the dealer asks, not on every read', async () => {
    const target = sandbox.data.list().filter((v) => v.pictures.length >= 2)[3];
    if (!target) throw new Error('no vehicle with photos');
    sandbox.faults.set({ photos: { status: 503 } });
    try {
      const since = b.events.all.length;
      await b.call('vehicles.get', { reference: target.reference });
      await b.events.next('cache.changed', (p) => p.reason === 'photos', { since });
      const failed = await b.call('vehicles.get', { reference: target.reference });
      expect(failed.photos.map((p) => p.cache)).toEqual(failed.photos.map(() => 'failed'));
    } finally {
      sandbox.faults.clear();
    }
    // Read again, the failed photos stay as they are: only a retry asks the host again.
    const since = b.events.all.length;
    const read = await b.call('vehicles.get', { reference: target.reference });
    expect(read.photos.map((p) => p.cache)).toEqual(read.photos.map(() => 'failed'));
    await b.call('vehicles.get', { reference: target.reference, retryPhotos: true });
    await b.events.next('cache.changed', (p) => p.reason === 'photos', { since });
    const again = await b.call('vehicles.get', { reference: target.reference });
    expect(again.photos.map((p) => p.cache)).toEqual(again.photos.map(() => 'cached'));
  });

  it('not_found', async () => {
    expect(await errorKindOf(() => b.call('vehicles.get', { reference: 'NOPE-1' }))).toBe('not_found');
  });
});

describe('cache.clear', () => {
  it('empties the account: inventory, photos; event; reopens empty', async () => {
    const photosRoot = currentPhotos(b.backend)?.root ?? '';
    const cleared = await b.call('cache.clear', {});
    expect(cleared.vehiclesRemoved).toBe(sandbox.data.list().length);
    expect(cleared.photoBytesFreed).toBeGreaterThan(0);
    expect(b.events.of('cache.changed').at(-1)).toEqual({ reason: 'cleared' });
    expect((await b.call('inventory.query', inventoryQuery())).total).toBe(0);
    expect(await b.call('inventory.summary', {})).toMatchObject({ total: 0, lastSyncAt: null });
    expect(currentPhotos(b.backend)?.root).toBe(photosRoot);
    expect((await b.call('accounts.list', {}))[0]?.lastSyncAt).toBeNull();
  });
});
