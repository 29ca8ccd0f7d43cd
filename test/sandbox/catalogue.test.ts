// The catalogue lists (portal-notes.md, "Other endpoints"): plain arrays of { id, name }, per type
// where the portal says so, consistent with the seeded stock; and the dialect that writes them
// otherwise (extra fields, a missing list, an item without a name).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type PortalVehicle, type Sandbox } from '../../src/sandbox';
import { call, getJwt } from './helpers';

type Item = { id: number; name: string };

describe('catalogue lists', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 400, seed: 21 });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());
  beforeEach(() => sb.dialect.set({}));
  const list = async (path: string): Promise<Item[]> => {
    const res = await call<Item[]>(sb, jwt, path);
    expect(res.status, path).toBe(200);
    return res.body;
  };

  it('answers each list as an array of { id, name }, accessories and brands per vehicle type', async () => {
    const paths = [
      '/vehicles/accessories?type=C',
      '/vehicles/accessories?type=M',
      '/vehicles/otherinfo',
      '/vehicles/brands?type=C',
      '/vehicles/brands?type=M',
      '/vehicles/brands/1/models',
      '/vehicles/models/102/trims',
    ];
    for (const path of paths) {
      const items = await list(path);
      expect(items.length, path).toBeGreaterThan(0);
      for (const item of items) expect(Object.keys(item).sort(), path).toEqual(['id', 'name']);
    }
    const carAccessories = (await list('/vehicles/accessories?type=C')).map((a) => a.name);
    const motoAccessories = (await list('/vehicles/accessories?type=M')).map((a) => a.name);
    expect(carAccessories).toContain('Ar-condicionado');
    expect(carAccessories).not.toContain('Partida elétrica');
    expect(motoAccessories).toContain('Partida elétrica');
    expect(motoAccessories).not.toContain('Ar-condicionado');
    expect((await list('/vehicles/brands?type=M')).map((b) => b.name)).toEqual(expect.arrayContaining(['Honda', 'Yamaha']));
    expect((await list('/vehicles/brands/1/models')).map((m) => m.name)).toEqual(['Uno', 'Argo', 'Toro', 'Strada', 'Mobi']);
    expect(await list('/vehicles/models/102/trims')).toEqual([
      { id: 10201, name: 'Drive 1.0' },
      { id: 10202, name: 'Trekking 1.3' },
      { id: 10203, name: 'Drive 1.3 CVT' },
    ]);
  });

  it('lists every brand, model, trim, accessory and seller option of the seeded stock', async () => {
    const stock: PortalVehicle[] = sb.data.list();
    const brands = { C: await list('/vehicles/brands?type=C'), M: await list('/vehicles/brands?type=M') };
    const accessories = { C: await list('/vehicles/accessories?type=C'), M: await list('/vehicles/accessories?type=M') };
    const otherInfos = await list('/vehicles/otherinfo');
    const models = new Map<number, Item[]>();
    const trims = new Map<number, Item[]>();
    for (const v of stock) {
      const type = v.type as 'C' | 'M';
      expect(brands[type]).toContainEqual({ id: v.brand.id, name: v.brand.name });
      if (!models.has(v.brand.id)) models.set(v.brand.id, await list(`/vehicles/brands/${v.brand.id}/models`));
      expect(models.get(v.brand.id)?.map((m) => m.id)).toContain(v.trim.modelId);
      if (!trims.has(v.trim.modelId)) trims.set(v.trim.modelId, await list(`/vehicles/models/${v.trim.modelId}/trims`));
      expect(trims.get(v.trim.modelId)).toContainEqual({ id: v.trim.id, name: v.trim.name });
      for (const a of v.accessories) expect(accessories[type]).toContainEqual(a);
      for (const o of v.otherInfos) expect(otherInfos).toContainEqual(o);
    }
    // The catalogue is larger than one dealer's lot.
    expect(brands.C.length + brands.M.length).toBeGreaterThan(new Set(stock.map((v) => v.brand.id)).size);
  });

  it('refuses a missing or unknown type (400), a non-numeric id (400), an unknown brand or model (404), and no JWT (401)', async () => {
    for (const path of ['/vehicles/accessories', '/vehicles/brands?type=X']) {
      const res = await call<{ message: string[] }>(sb, jwt, path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toEqual(['type must be one of the following values: C, M']);
    }
    expect((await call(sb, jwt, '/vehicles/brands/abc/models')).status).toBe(400);
    expect((await call(sb, jwt, '/vehicles/brands/999/models')).status).toBe(404);
    expect((await call(sb, jwt, '/vehicles/models/999/trims')).status).toBe(404);
    expect((await call(sb, null, '/vehicles/otherinfo')).status).toBe(401);
  });

  it('writes the lists another way in the dialect: extra fields, a missing list, an item without a name', async () => {
    sb.dialect.set({ catalogue: { extraFields: true } });
    const [first] = await list('/vehicles/otherinfo');
    expect(first).toEqual({ id: 1, name: 'Único dono', slug: expect.any(String), active: true, position: 1 });

    sb.dialect.set({ catalogue: { missing: ['otherinfo'] } });
    const missing = await call(sb, jwt, '/vehicles/otherinfo');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await list('/vehicles/brands?type=C')).length).toBeGreaterThan(0);

    sb.dialect.set({ catalogue: { itemWithoutName: true } });
    const trims = await list('/vehicles/models/102/trims');
    expect(trims).toHaveLength(4);
    expect(trims[3]).toEqual({ id: expect.any(Number) });
  });
});
