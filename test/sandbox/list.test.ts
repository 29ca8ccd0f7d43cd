import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVehicle } from '../../src/shared/vehicle';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { call, getJwt, walk, type Page } from './helpers';

const DEFAULT_SORT = 'sortBy=updatedAt:DESC&sortBy=reference:ASC';

describe('GET /vehicles pagination', () => {
  it.each([0, 1, 49, 50, 51, 1000])('walks %i vehicles page by page with exact meta and links', async (count) => {
    const sb = await startSandbox({ vehicles: count, seed: count + 1 });
    try {
      const jwt = await getJwt(sb);
      const pages = await walk(sb, jwt, 'limit=50');
      const expectedPages = Math.ceil(count / 50);
      expect(pages).toHaveLength(Math.max(1, expectedPages));
      const refs = pages.flatMap((p) => p.data.map((v) => v.reference));
      expect(refs).toHaveLength(count);
      expect(new Set(refs).size).toBe(count);
      const link = (p: number): string => `${sb.baseUrl}/vehicles?page=${p}&limit=50&${DEFAULT_SORT}`;
      pages.forEach((page, i) => {
        const n = i + 1;
        expect(page.meta).toEqual({
          itemsPerPage: 50,
          totalItems: count,
          currentPage: n,
          totalPages: expectedPages,
          sortBy: [
            ['updatedAt', 'DESC'],
            ['reference', 'ASC'],
          ],
        });
        expect(page.data.length).toBe(Math.min(50, count - (n - 1) * 50));
        expect(page.links.current).toBe(link(n));
        expect(page.links.first).toBe(n === 1 ? undefined : link(1));
        expect(page.links.previous).toBe(n === 1 ? undefined : link(n - 1));
        expect(page.links.next).toBe(n >= expectedPages ? undefined : link(n + 1));
        expect(page.links.last).toBe(n === expectedPages || count === 0 ? undefined : link(expectedPages));
      });
      // Every vehicle parses in the client's schema.
      for (const v of pages.flatMap((p) => p.data)) expect(parseVehicle(v).problems).toEqual([]);
    } finally {
      await sb.close();
    }
  });

  describe('on a stock of 120', () => {
    let sb: Sandbox;
    let jwt: string;
    beforeAll(async () => {
      sb = await startSandbox({ vehicles: 120, seed: 4 });
      jwt = await getJwt(sb);
    });
    afterAll(() => sb.close());

    it('uses limit 20 and page 1 by default', async () => {
      const res = await call<Page>(sb, jwt, '/vehicles');
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ itemsPerPage: 20, currentPage: 1, totalPages: 6, totalItems: 120 });
      expect(res.body.data).toHaveLength(20);
      expect(Object.keys(res.body)).toEqual(['data', 'meta', 'links']);
    });

    it('clamps limit to 50 silently', async () => {
      const res = await call<Page>(sb, jwt, '/vehicles?limit=500');
      expect(res.status).toBe(200);
      expect(res.body.meta.itemsPerPage).toBe(50);
      expect(res.body.data).toHaveLength(50);
      expect(res.body.meta.totalPages).toBe(3);
      expect(res.body.links.next).toContain('limit=50');
    });

    it.each(['0', '-1', '2.5', 'abc'])('answers 400 to limit=%s', async (limit) => {
      const res = await call(sb, jwt, `/vehicles?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(Array.isArray((res.body as { message: unknown }).message)).toBe(true);
    });

    it.each(['0', '-2', '1.5', 'x'])('answers 400 to page=%s', async (page) => {
      expect((await call(sb, jwt, `/vehicles?page=${page}`)).status).toBe(400);
    });

    it('returns an empty page past the last, with the requested page as currentPage', async () => {
      const res = await call<Page>(sb, jwt, '/vehicles?limit=50&page=9');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta).toMatchObject({ currentPage: 9, totalPages: 3, totalItems: 120 });
      expect(res.body.links.next).toBeUndefined();
      expect(res.body.links.previous).toContain('page=8');
      expect(res.body.links.last).toContain('page=3');
    });

    it('builds absolute links that, followed, give the same pages', async () => {
      const first = await call<Page>(sb, jwt, '/vehicles?limit=30&sortBy=value:ASC');
      const next = first.body.links.next ?? '';
      expect(next.startsWith(`${sb.baseUrl}/vehicles?`)).toBe(true);
      const url = new URL(next);
      expect(url.searchParams.get('page')).toBe('2');
      expect(url.searchParams.get('limit')).toBe('30');
      expect(url.searchParams.getAll('sortBy')).toEqual(['value:ASC']);
      const second = await call<Page>(sb, jwt, next);
      expect(second.body.meta.currentPage).toBe(2);
      const direct = await call<Page>(sb, jwt, '/vehicles?limit=30&page=2&sortBy=value:ASC');
      expect(second.body.data).toEqual(direct.body.data);
    });
  });
});

describe('GET /vehicles sorting, search and filters', () => {
  let sb: Sandbox;
  let jwt: string;
  let all: Array<Record<string, unknown> & { reference: string; value: number; updatedAt: string; type: string }>;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 400, seed: 21 });
    jwt = await getJwt(sb);
    all = (await walk(sb, jwt, 'limit=50')).flatMap((p) => p.data) as typeof all;
  });
  afterAll(() => sb.close());

  const fetchAll = async (query: string): Promise<typeof all> => (await walk(sb, jwt, `limit=50&${query}`)).flatMap((p) => p.data) as typeof all;
  const byRef = (a: { reference: string }, b: { reference: string }): number => (a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0);

  it('orders by updatedAt DESC then reference by default', () => {
    const expected = [...all].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byRef(a, b));
    expect(all.map((v) => v.reference)).toEqual(expected.map((v) => v.reference));
  });

  it.each([
    ['updatedAt', 'ASC'],
    ['updatedAt', 'DESC'],
    ['reference', 'ASC'],
    ['reference', 'DESC'],
    ['value', 'ASC'],
    ['value', 'DESC'],
  ] as const)('sorts by %s %s, with reference as tie-break', async (field, dir) => {
    const list = await fetchAll(`sortBy=${field}:${dir}`);
    const sign = dir === 'ASC' ? 1 : -1;
    const key = (v: (typeof all)[number]): number | string => (field === 'updatedAt' ? Date.parse(v.updatedAt) : field === 'value' ? v.value : v.reference);
    const expected = [...all].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return ka < kb ? -sign : sign;
      return byRef(a, b);
    });
    expect(list.map((v) => v.reference)).toEqual(expected.map((v) => v.reference));
    const page = await call<Page>(sb, jwt, `/vehicles?sortBy=${field}:${dir}`);
    expect(page.body.meta.sortBy).toEqual([[field, dir]]);
  });

  it('sorts by several fields, and ignores unknown fields', async () => {
    const list = await fetchAll('sortBy=value:DESC&sortBy=updatedAt:ASC&sortBy=color:ASC');
    const expected = [...all].sort((a, b) => b.value - a.value || Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || byRef(a, b));
    expect(list.map((v) => v.reference)).toEqual(expected.map((v) => v.reference));
    const page = await call<Page>(sb, jwt, '/vehicles?sortBy=value:DESC&sortBy=updatedAt:ASC&sortBy=color:ASC');
    expect(page.body.meta.sortBy).toEqual([
      ['value', 'DESC'],
      ['updatedAt', 'ASC'],
    ]);
    const unknownOnly = await call<Page>(sb, jwt, '/vehicles?sortBy=color:ASC');
    expect(unknownOnly.body.meta.sortBy).toEqual([
      ['updatedAt', 'DESC'],
      ['reference', 'ASC'],
    ]);
  });

  it('gives the same order on every request (stable)', async () => {
    const a = await fetchAll('sortBy=value:ASC');
    const b = await fetchAll('sortBy=value:ASC');
    expect(a.map((v) => v.reference)).toEqual(b.map((v) => v.reference));
    // Ties exist in updatedAt (batch imports), so the tie-break is exercised.
    expect(new Set(all.map((v) => v.updatedAt)).size).toBeLessThan(all.length);
  });

  it('searches case-insensitively over reference, brand, model and trim names', async () => {
    const sample = all[7] as unknown as { reference: string; brand: { name: string }; trim: { name: string }; title: string };
    const cases: Array<[string, (v: (typeof all)[number]) => boolean]> = [
      [sample.reference.toLowerCase(), (v) => v.reference === sample.reference],
      ['CHEVROLET', (v) => (v.brand as { name: string }).name === 'Chevrolet'],
      ['onix', (v) => (v.title as string).includes('Onix')],
      ['tsi', (v) => /TSI/i.test((v.trim as { name: string }).name)],
    ];
    for (const [q, pred] of cases) {
      const found = await fetchAll(`search=${encodeURIComponent(q)}`);
      const expected = all.filter(pred);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(found.map((v) => v.reference).sort(), q).toEqual(expected.map((v) => v.reference).sort());
    }
    const res = await call<Page>(sb, jwt, '/vehicles?search=Onix');
    expect(res.body.meta.search).toBe('Onix');
    expect(res.body.links.current).toContain('search=Onix');
    // Description words are not searched.
    expect((await call<Page>(sb, jwt, '/vehicles?search=concession%C3%A1ria')).body.meta.totalItems).toBe(0);
  });

  it('filters by type and reference with $eq', async () => {
    const motos = await fetchAll('filter.type=$eq:M');
    expect(motos.length).toBe(all.filter((v) => v.type === 'M').length);
    expect(motos.length).toBeGreaterThan(0);
    expect(motos.every((v) => v.type === 'M')).toBe(true);
    const ref = all[3]?.reference ?? '';
    const one = await call<Page>(sb, jwt, `/vehicles?filter.reference=$eq:${encodeURIComponent(ref)}`);
    expect(one.body.data.map((v) => v.reference)).toEqual([ref]);
    expect(one.body.meta.filter).toEqual({ reference: `$eq:${ref}` });
    expect(one.body.links.current).toContain(`filter.reference=$eq:${ref}`);
    const none = await call<Page>(sb, jwt, '/vehicles?filter.reference=$eq:NOPE');
    expect(none.body.meta).toMatchObject({ totalItems: 0, totalPages: 0, currentPage: 1 });
    expect(none.body.links.first).toBeUndefined();
    expect(none.body.links.last).toBeUndefined();
    expect(none.body.links.next).toBeUndefined();
    const cars = await call<Page>(sb, jwt, '/vehicles?filter.type=$eq:C&search=honda');
    expect(cars.body.data.every((v) => v.type === 'C' && (v.brand as { name: string }).name === 'Honda')).toBe(true);
  });
});
