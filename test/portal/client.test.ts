// Typed calls against the sandbox: plan, vehicle pages, one vehicle, unpublish, and what each
// portal answer means.
import { describe, expect, it } from 'vitest';
import { planSchema } from '../../src/shared/plan';
import { clientFor, errorOf, sandbox } from './helpers';

describe('portal client: typed calls', () => {
  it('getPlan: the plan, parsed', async () => {
    const s = await sandbox({ plan: { name: 'Pro 100', adsQuantity: 100 } });
    const plan = await clientFor(s).getPlan();
    expect(planSchema.parse(plan)).toEqual(plan);
    expect(plan.currentPlan.name).toBe('Pro 100');
    expect(plan.currentPlan.adsQuantity).toBe(100);
  });

  it('listVehicles: page, meta, parsed items with their raw JSON, query parameters', async () => {
    const s = await sandbox({ vehicles: 120, rateLimit: { limit: 100, windowMs: 10_000 } });
    const client = clientFor(s);
    const page = await client.listVehicles({
      limit: 500,
      page: 2,
      sortBy: [
        ['updatedAt', 'DESC'],
        ['reference', 'ASC'],
      ],
    });
    // The portal clamps the page size: trust meta, not the request.
    expect(page.meta).toMatchObject({
      itemsPerPage: 50,
      totalItems: 120,
      currentPage: 2,
      totalPages: 3,
      sortBy: [
        ['updatedAt', 'DESC'],
        ['reference', 'ASC'],
      ],
    });
    expect(page.items).toHaveLength(50);
    const first = page.items[0];
    expect(first?.problems).toEqual([]);
    expect(first?.reference).toBe((first?.raw as { reference: string }).reference);
    expect(first?.vehicle.title).toBe((first?.raw as { title: string }).title);
    const dates = page.items.map((i) => i.vehicle.updatedAt ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.rateLimit).toMatchObject({ limit: 100, remaining: 98 }); // JWT + this page
    expect(page.rateLimit?.resetAt).toBeGreaterThan(Date.now());
  });

  it('listVehicles: search and equality filters', async () => {
    const s = await sandbox({ vehicles: 60 });
    const client = clientFor(s);
    const some = s.data.list()[7];
    if (!some) throw new Error('no vehicle');
    const byRef = await client.listVehicles({ filter: { reference: some.reference } });
    expect(byRef.items.map((i) => i.reference)).toEqual([some.reference]);
    const motorcycles = await client.listVehicles({ filter: { type: 'M' }, limit: 50 });
    expect(motorcycles.items.every((i) => i.vehicle.type === 'M')).toBe(true);
    expect(motorcycles.meta.totalItems).toBe(s.data.list().filter((v) => v.type === 'M').length);
    const brand = some.brand.name;
    const searched = await client.listVehicles({ search: brand.toLowerCase(), limit: 50 });
    expect(searched.items.length).toBeGreaterThan(0);
    expect(searched.items.some((i) => i.reference === some.reference)).toBe(true);
  });

  it('schema-violating vehicles are kept, with their problems', async () => {
    const s = await sandbox({ vehicles: 50, faults: { invalidVehicles: { rate: 0.3, kind: 'mixed' } } });
    const page = await clientFor(s).listVehicles({ limit: 50 });
    expect(page.items).toHaveLength(50);
    const flagged = page.items.filter((i) => i.problems.length > 0);
    expect(flagged.length).toBeGreaterThan(5);
    expect(flagged.length).toBeLessThan(50);
    for (const item of flagged) expect(item.raw).toBeDefined();
    const problems = new Set(flagged.flatMap((i) => i.problems.map((p) => p.field)));
    expect([...problems].some((f) => ['value', 'reference', 'mileage', 'pictures', '(root)'].includes(f))).toBe(true);
  });

  it('getVehicle: found; pending jobs from x-status-queue; 202 while only queued; 404', async () => {
    const s = await sandbox({ vehicles: 10, queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    const [a] = s.data.list();
    if (!a) throw new Error('no vehicle');
    const found = await client.getVehicle(a.reference);
    expect(found).toMatchObject({ status: 'found', vehicle: { reference: a.reference, problems: [] }, queue: { jobs: [], notes: [] } });

    const unpublished = await client.unpublish(a.reference);
    expect(unpublished).toMatchObject({ accepted: true, status: 202, queue: [{ messageType: 'UNPUBLISH_VEHICLE' }], queueNotes: [] });
    const pending = await client.getVehicle(a.reference);
    expect(pending.status).toBe('found');
    expect(pending.queue.jobs).toMatchObject([{ jobId: unpublished.queue[0]?.jobId, messageType: 'UNPUBLISH_VEHICLE' }]);
    if (pending.status === 'found') expect(pending.vehicle.vehicle.publication).not.toBeNull(); // not applied yet
    s.data.applyQueue();
    const done = await client.getVehicle(a.reference);
    expect(done).toMatchObject({ status: 'found', queue: { jobs: [] } });
    if (done.status === 'found') expect(done.vehicle.vehicle.publication).toBeNull();

    const missing = await errorOf(client.getVehicle('NO-SUCH-REF'));
    expect(missing).toMatchObject({
      kind: 'not_found',
      detail: { method: 'GET', endpoint: '/vehicles/NO-SUCH-REF', status: 404, portalMessage: 'Vehicle NO-SUCH-REF not found' },
    });
    expect(missing.message).toContain('NO-SUCH-REF');
    expect((await errorOf(client.unpublish('NO-SUCH-REF'))).kind).toBe('not_found');
  });

  it('getVehicle: a vehicle that exists only in the queue answers "pending"', async () => {
    const s = await sandbox({ vehicles: 3, queueDelayMs: Number.POSITIVE_INFINITY });
    const client = clientFor(s);
    // Create through the portal's own (queued) POST, as another integrator would.
    const jwt = await s.auth.issueJwt();
    const created = await fetch(`${s.baseUrl}/vehicles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt.token}`, 'content-type': 'application/json' },
      // The production write shape (portal-notes.md): the read shape is refused.
      body: JSON.stringify({
        reference: 'QUEUED-1',
        type: 'C',
        trimId: 10201,
        color: 'RED',
        gearbox: 'MANUAL',
        fuel: 'FLEX',
        doors: 4,
        mileage: 0,
        manufacturedYear: 2024,
        value: 89900,
        deposit: 0,
        amountPerInstallment: 0,
        amountOfInstallments: 0,
        accessories: [],
        pictures: [{ source: `${s.origin}/photos/queued-1.jpg` }],
      }),
    });
    expect(created.status).toBe(202);
    const read = await client.getVehicle('QUEUED-1');
    expect(read).toMatchObject({ status: 'pending', queue: { jobs: [{ messageType: 'CREATE_VEHICLE' }] } });
  });

  it('references with reserved characters are escaped in the path', async () => {
    const s = await sandbox({ vehicles: 2 });
    const client = clientFor(s);
    s.data.upsert({ reference: 'A/B?C#1 é' });
    const read = await client.getVehicle('A/B?C#1 é');
    expect(read).toMatchObject({ status: 'found', vehicle: { reference: 'A/B?C#1 é' } });
  });

  it('400 → validation with the portal message (string or list)', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    const error = await errorOf(client.listVehicles({ limit: 0 }));
    expect(error).toMatchObject({
      kind: 'validation',
      detail: { status: 400, portalMessage: ['limit must be a positive integer'], endpoint: '/vehicles', method: 'GET' },
    });
    expect(error.message).toContain('limit must be a positive integer');
    expect(JSON.stringify(error.detail)).not.toContain('limit=0'); // the endpoint carries no query
  });

  it('422 → validation; 403 → unauthorized; 404 on a list → not_found', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.faults.failNext(1, 422);
    expect(await errorOf(client.getPlan())).toMatchObject({ kind: 'validation', detail: { status: 422 } });
    s.faults.failNext(1, 403);
    expect(await errorOf(client.getPlan())).toMatchObject({ kind: 'unauthorized', detail: { status: 403 } });
    s.faults.failNext(1, 404);
    expect(await errorOf(client.listVehicles())).toMatchObject({ kind: 'not_found', detail: { status: 404 } });
  });

  it('counts its requests (instrumentation)', async () => {
    const s = await sandbox();
    const seen: string[] = [];
    const client = clientFor(s, { onRequest: (e) => seen.push(`${e.method} ${e.endpoint}`), onResponse: (e) => seen.push(String(e.status)) });
    await client.getPlan();
    await client.listVehicles();
    expect(seen).toEqual(['GET /clients/jwt', '200', 'GET /clients/plan', '200', 'GET /vehicles', '200']);
    expect(client.stats()).toEqual({ requests: 3, jwtRenewals: 1 });
    expect(s.stats.requests).toBe(3);
  });
});
