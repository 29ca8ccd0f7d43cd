// The catalogue mirror against the sandbox over loopback, into a real cache file: read by a sync at
// most once a day (on the sandbox's clock), on demand, kept when the network is gone, unknown fields
// kept, a missing list survived.
import { describe, expect, it } from 'vitest';
import { catalogueList, type CatalogueView } from '../../src/shared/catalogue';
import { createCatalogueMirror, createSyncEngine, CATALOGUE_READ_EVERY_MS, type CatalogueMirror } from '../../src/main/sync';
import { openTestCache, rig, type Rig } from './helpers';

const ROUTES = [
  'GET /vehicles/accessories',
  'GET /vehicles/otherinfo',
  'GET /vehicles/brands',
  'GET /vehicles/brands/:brandId/models',
  'GET /vehicles/models/:modelId/trims',
];

async function setup(vehicles = 300): Promise<Rig & { mirror: CatalogueMirror; sync: () => Promise<unknown>; catalogueRequests: () => number }> {
  const r = await rig({ sandbox: { vehicles, seed: 31 } });
  const mirror = createCatalogueMirror({ cache: r.cache, portal: r.portal, now: () => r.sb.clock.nowMs() });
  const engine = createSyncEngine({ cache: r.cache, portal: r.portal, catalogue: mirror, now: () => r.sb.clock.nowMs() });
  const catalogueRequests = () => ROUTES.reduce((n, route) => n + r.sb.stats.count(route), 0);
  return { ...r, mirror, sync: () => engine.run(), catalogueRequests };
}

const itemsOf = (view: CatalogueView, list: Parameters<typeof catalogueList>[1], parent: string | number = '') =>
  catalogueList(view, list, parent)?.items ?? [];

describe('catalogue mirror', () => {
  it('is read by a sync at most once a day: the five lists, and the models and trims of the stock', async () => {
    const r = await setup();
    await r.sync();
    const stock = r.sb.data.list();
    const brands = new Set(stock.map((v) => v.brand.id));
    const models = new Set(stock.map((v) => v.trim.modelId));
    expect(r.catalogueRequests()).toBe(5 + brands.size + models.size);
    const view = r.mirror.view();
    expect(view.readAt).not.toBeNull();
    for (const v of stock) {
      expect(itemsOf(view, 'brands', v.type)).toContainEqual({ id: v.brand.id, name: v.brand.name });
      expect(itemsOf(view, 'models', v.brand.id).map((m) => m.id)).toContain(v.trim.modelId);
      expect(itemsOf(view, 'trims', v.trim.modelId)).toContainEqual({ id: v.trim.id, name: v.trim.name });
      for (const a of v.accessories) expect(itemsOf(view, 'accessories', v.type)).toContainEqual(a);
      for (const o of v.otherInfos) expect(itemsOf(view, 'otherInfos')).toContainEqual(o);
    }

    r.sb.stats.reset();
    r.sb.clock.advance(CATALOGUE_READ_EVERY_MS - 60_000);
    await r.sync();
    expect(r.catalogueRequests()).toBe(0);
    expect(await r.mirror.syncIfDue()).toBe('not_due');

    r.sb.clock.advance(60_000);
    await r.sync();
    expect(r.catalogueRequests()).toBe(5 + brands.size + models.size);
  });

  it('works with the network off afterwards: the mirror stays, a read that cannot be made says so and waits for the next sync', async () => {
    const r = await setup();
    await r.mirror.refresh({});
    const before = r.mirror.view();
    await r.sb.close();
    const offline = await r.mirror.refresh({}).then(
      () => null,
      (error: unknown) => error,
    );
    expect(offline).toMatchObject({ kind: 'offline' });
    r.sb.clock.advance(CATALOGUE_READ_EVERY_MS);
    expect(await r.mirror.syncIfDue()).toBe('failed');
    expect(r.mirror.view()).toEqual(before);
    // Another connection to the file (the next start of the app) reads the same catalogue.
    const again = createCatalogueMirror({ cache: openTestCache(r.file), portal: r.portal });
    expect(again.view()).toEqual(before);
    expect(itemsOf(before, 'brands', 'C').length).toBeGreaterThan(0);
  });

  it('keeps the fields it does not know, and counts the items it cannot read', async () => {
    const r = await setup(40);
    r.sb.dialect.set({ catalogue: { extraFields: true, itemWithoutName: true } });
    await r.sync();
    const view = r.mirror.view();
    expect(view.lists.some((l) => l.list === 'trims')).toBe(true);
    const otherInfos = catalogueList(view, 'otherInfos');
    expect(otherInfos?.items[0]).toEqual({ id: 1, name: 'Único dono', slug: expect.any(String), active: true, position: 1 });
    expect(otherInfos?.skipped).toBe(1);
    expect(view.lists.every((l) => l.state === 'ok' && l.skipped === 1)).toBe(true);
  });

  it('survives a missing list: recorded as missing, the rest read, what it had kept', async () => {
    const r = await setup(40);
    r.sb.dialect.set({ catalogue: { missing: ['otherinfo'] } });
    await r.sync();
    const first = r.mirror.view();
    expect(catalogueList(first, 'otherInfos')).toMatchObject({ state: 'missing', items: [], readAt: null, error: { kind: 'not_found' } });
    expect(itemsOf(first, 'brands', 'C').length).toBeGreaterThan(0);
    expect(first.readAt).not.toBeNull();

    r.sb.dialect.set({});
    const full = await r.mirror.refresh({});
    const model = r.sb.data.list()[0]?.trim.modelId ?? 0;
    const kept = itemsOf(full, 'trims', model);
    expect(kept.length).toBeGreaterThan(0);
    r.sb.dialect.set({ catalogue: { missing: ['trims', 'accessories'] } });
    const later = await r.mirror.refresh({});
    expect(catalogueList(later, 'otherInfos')).toMatchObject({ state: 'ok' });
    for (const l of later.lists.filter((x) => x.list === 'trims' || x.list === 'accessories')) {
      expect(l.state).toBe('missing');
      expect(l.items.length).toBeGreaterThan(0);
    }
    expect(itemsOf(later, 'trims', model)).toEqual(kept);
  });

  it('reads a brand’s models or a model’s trims on demand, and keeps them fresh with the rest', async () => {
    const r = await setup(40);
    await r.sync();
    const stockBrands = new Set(r.sb.data.list().map((v) => v.brand.id));
    expect(stockBrands.has(12)).toBe(false);
    expect(catalogueList(r.mirror.view(), 'models', 12)).toBeUndefined();
    const nissan = await r.mirror.refresh({ brandId: 12 });
    expect(itemsOf(nissan, 'models', 12).map((m) => m.name)).toEqual(['Kicks', 'Versa', 'Frontier']);
    const kicks = await r.mirror.refresh({ modelId: 1201 });
    expect(itemsOf(kicks, 'trims', 1201)).toHaveLength(3);
    r.sb.stats.reset();
    await r.mirror.refresh({});
    expect(r.sb.stats.count('GET /vehicles/brands/:brandId/models')).toBe(stockBrands.size + 1);
  });
});
