import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseVehicle, rejectedPicturePositions, VEHICLE_FIELDS } from '../../src/shared/vehicle';
import { startSandbox, type PortalVehicle, type QueueJobInfo, type Sandbox } from '../../src/sandbox';
import { call, getJwt, type Page } from './helpers';

const MIN = 60_000;

function newVehicle(reference: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    reference,
    title: 'Fiat Argo Drive 1.0 2022/2023 - Único dono',
    description: 'Carro de garagem, revisões na concessionária.',
    trim: { id: 10201 },
    fuel: 'FLEX',
    gearbox: 'MANUAL',
    color: 'RED',
    licensePlate: 'RIO2A19',
    mileage: 23000,
    brandNew: false,
    manufacturedYear: 2022,
    modelYear: 2023,
    value: 72900,
    deposit: 20000,
    amountOfInstallments: 48,
    amountPerInstallment: 1650.5,
    accessories: [{ id: 1 }, { id: 4 }],
    otherInfos: [1, 2],
    pictures: ['https://fotos.example.com/a/1.jpg', { originalUrl: 'https://fotos.example.com/a/2.jpg' }],
    ...extra,
  };
}

function queueHeader(headers: Headers): QueueJobInfo[] {
  const raw = headers.get('x-status-queue');
  expect(raw).not.toBeNull();
  const jobs = JSON.parse(raw ?? '[]') as QueueJobInfo[];
  for (const job of jobs) {
    expect(Object.keys(job).sort()).toEqual(['endpoint', 'jobId', 'messageType', 'timestamp']);
    expect(Number.isNaN(Date.parse(job.timestamp))).toBe(false);
  }
  return jobs;
}

describe('GET /vehicles/:reference', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 60, seed: 5 });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  it('returns the vehicle with every field of the interface', async () => {
    const list = await call<Page>(sb, jwt, '/vehicles?limit=50&sortBy=reference:ASC');
    const withUrl = list.body.data.find((v) => typeof v.url === 'string');
    expect(withUrl).toBeDefined();
    const res = await call<PortalVehicle>(sb, jwt, `/vehicles/${encodeURIComponent(withUrl?.reference ?? '')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-status-queue')).toBeNull();
    expect(Object.keys(res.body).sort()).toEqual([...VEHICLE_FIELDS].sort());
    expect(parseVehicle(res.body).problems).toEqual([]);
    expect(res.body).toEqual(withUrl);
  });

  it('serves seeded states: unpublished, highlighted, inactive, rejected photos, recent edits without url', () => {
    const all = sb.data.list();
    expect(all.some((v) => v.publication === null && v.active)).toBe(true);
    expect(all.some((v) => v.publication?.highlighted)).toBe(true);
    expect(all.some((v) => !v.active)).toBe(true);
    expect(all.some((v) => rejectedPicturePositions(v.pictures).length > 0)).toBe(true);
    expect(all.some((v) => v.url === undefined)).toBe(true);
    for (const v of all) expect(v.pictures.every((p) => p.source.startsWith(`${sb.origin}/photos/`))).toBe(true);
  });

  it('answers 404 in the NestJS shape for an unknown reference', async () => {
    const res = await call(sb, jwt, '/vehicles/DOES-NOT-EXIST');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, message: expect.any(String), error: 'Not Found' });
  });
});

describe('DELETE /publications/:reference and the plan', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 80, seed: 6, queueDelayMs: 20 * MIN });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  const publishedRef = (): string => sb.data.list().find((v) => v.publication !== null)?.reference ?? '';

  it('answers GET /clients/plan consistently with the data', async () => {
    const res = await call<{ currentPlan: Record<string, unknown>; available: Record<string, number> }>(sb, jwt, '/clients/plan');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.currentPlan).sort()).toEqual(['adsQuantity', 'highlightsQuantity', 'name', 'pictureQuantity']);
    const all = sb.data.list();
    const published = all.filter((v) => v.publication).length;
    const highlighted = all.filter((v) => v.publication?.highlighted).length;
    expect(res.body.available).toEqual({
      adsQuantity: Math.max(0, (res.body.currentPlan.adsQuantity as number) - published),
      highlightsQuantity: Math.max(0, (res.body.currentPlan.highlightsQuantity as number) - highlighted),
    });
  });

  it('queues the unpublish: 202 with x-status-queue, publication null after the queue delay', async () => {
    const ref = publishedRef();
    const before = sb.data.plan().available.adsQuantity;
    const res = await call(sb, jwt, `/publications/${ref}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    const [job] = queueHeader(res.headers);
    expect(job).toMatchObject({ messageType: 'UNPUBLISH_VEHICLE', endpoint: `/integration/v2/publications/${ref}` });

    // Pending: still published, and the read says an action is queued.
    const pending = await call<PortalVehicle>(sb, jwt, `/vehicles/${ref}`);
    expect(pending.status).toBe(200);
    expect(pending.body.publication).not.toBeNull();
    expect(queueHeader(pending.headers).map((j) => j.jobId)).toEqual([job?.jobId]);

    sb.clock.advance(20 * MIN);
    const done = await call<PortalVehicle>(sb, jwt, `/vehicles/${ref}`);
    expect(done.status).toBe(200);
    expect(done.body.publication).toBeNull();
    expect(done.headers.get('x-status-queue')).toBeNull();
    expect(Date.parse(done.body.updatedAt)).toBeGreaterThan(Date.parse(pending.body.updatedAt));
    expect(sb.data.plan().available.adsQuantity).toBe(before + 1);
  });

  it('accepts unpublishing an unpublished vehicle (idempotent 202) and 404s an unknown one', async () => {
    const ref = sb.data.list().find((v) => v.publication === null)?.reference ?? '';
    const res = await call(sb, jwt, `/publications/${ref}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    sb.data.applyQueue();
    expect(sb.data.get(ref)?.publication).toBeNull();
    const missing = await call(sb, jwt, '/publications/NOPE', { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('applies the plan-exceeded rule: beyond adsQuantity the least recently updated lose their publication', async () => {
    const publishedBefore = sb.data
      .list()
      .filter((v) => v.publication)
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || (a.reference < b.reference ? -1 : 1));
    const keep = publishedBefore.slice(0, 10).map((v) => v.reference);
    sb.data.setPlan({ adsQuantity: 10 });
    const after = sb.data.list();
    expect(
      after
        .filter((v) => v.publication)
        .map((v) => v.reference)
        .sort(),
    ).toEqual([...keep].sort());
    const res = await call<{ available: { adsQuantity: number } }>(sb, jwt, '/clients/plan');
    expect(res.body.available.adsQuantity).toBe(0);
    // The dropped ones were changed by the service: updatedAt moved, so an incremental sync sees them.
    const dropped = publishedBefore.slice(10);
    for (const v of dropped) expect(Date.parse(sb.data.get(v.reference)?.updatedAt ?? '')).toBeGreaterThan(Date.parse(v.updatedAt));
  });

  it('applies the plan at start too', async () => {
    const small = await startSandbox({ vehicles: 40, plan: { adsQuantity: 7, highlightsQuantity: 1 } });
    try {
      const all = small.data.list();
      expect(all.filter((v) => v.publication).length).toBe(7);
      expect(all.filter((v) => v.publication?.highlighted).length).toBeLessThanOrEqual(1);
      expect(small.data.plan().available).toEqual({ adsQuantity: 0, highlightsQuantity: expect.any(Number) });
    } finally {
      await small.close();
    }
  });
});

describe('POST, PUT and DELETE /vehicles', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeEach(async () => {
    sb = await startSandbox({ vehicles: 10, seed: 8, queueDelayMs: Infinity });
    jwt = await getJwt(sb);
    return () => sb.close();
  });

  it('validates fields with 400 and an array of messages', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [newVehicle('R'.repeat(91)), /reference must be shorter than or equal to 90 characters/],
      [newVehicle('A1', { title: 'x'.repeat(101) }), /title must be shorter than or equal to 100 characters/],
      [newVehicle('A2', { description: 'x'.repeat(4001) }), /description must be shorter than or equal to 4000 characters/],
      [newVehicle('A3', { pictures: [] }), /pictures must contain at least 1 elements/],
      [
        newVehicle('A4', { pictures: Array.from({ length: 17 }, (_, i) => `https://f.example.com/${i}.jpg`) }),
        /pictures must contain no more than 16 elements/,
      ],
      [newVehicle('A5', { value: 'abc' }), /value must be a number/],
      [newVehicle('A6', { fuel: 'STEAM' }), /fuel must be one of the following values/],
      [newVehicle('A7', { brandNew: true, mileage: 10 }), /mileage must be 0 when brandNew is true/],
      [newVehicle('A8', { licensePlate: '12345' }), /licensePlate/],
      [{ title: 'sem referência' }, /reference should not be empty/],
    ];
    for (const [body, message] of cases) {
      const res = await call<{ statusCode: number; message: string[]; error: string }>(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(body) });
      expect(res.status, String(message)).toBe(400);
      expect(res.body.error).toBe('Bad Request');
      expect(Array.isArray(res.body.message)).toBe(true);
      expect(res.body.message.join('\n')).toMatch(message);
    }
    const several = await call<{ message: string[] }>(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify({}) });
    expect(several.body.message.length).toBeGreaterThan(3);
    const notJson = await call(sb, jwt, '/vehicles', { method: 'POST', body: '{"reference":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 422 to logic errors: duplicate reference, unknown trim, no room in the plan', async () => {
    const existing = sb.data.list()[0]?.reference ?? '';
    const dup = await call(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(newVehicle(existing)) });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
    expect((await call(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(newVehicle('T1', { trim: { id: 999999 } })) })).status).toBe(422);
    // Queued-but-not-applied creates count as duplicates too.
    expect((await call(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(newVehicle('Q1')) })).status).toBe(202);
    expect((await call(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(newVehicle('Q1')) })).status).toBe(422);
    const published = sb.data.list().filter((v) => v.publication).length;
    sb.data.setPlan({ adsQuantity: published + 1 }); // one left, taken by the pending Q1
    const full = await call<{ message: string }>(sb, jwt, '/vehicles', { method: 'POST', body: JSON.stringify(newVehicle('Q2')) });
    expect(full.status).toBe(422);
    expect(full.body.message).toMatch(/plan/i);
  });

  it('queues a create: 202 while queued, then the vehicle, whose url comes 45 minutes later', async () => {
    const res = await call(sb, jwt, '/vehicles', {
      method: 'POST',
      body: JSON.stringify(
        newVehicle('NOVO-1', {
          pictures: ['https://fotos.example.com/1.jpg', 'ftp://fotos.example.com/2.jpg', 'https://fotos.example.com/3.jpg', 'https://host.invalid/4.jpg'],
        }),
      ),
    });
    expect(res.status).toBe(202);
    const [job] = queueHeader(res.headers);
    expect(job?.messageType).toBe('CREATE_VEHICLE');

    const queued = await call(sb, jwt, '/vehicles/NOVO-1');
    expect(queued.status).toBe(202);
    expect(queueHeader(queued.headers)[0]?.jobId).toBe(job?.jobId);
    expect((await call<Page>(sb, jwt, '/vehicles?filter.reference=$eq:NOVO-1')).body.meta.totalItems).toBe(0);

    sb.clock.advance(5 * MIN);
    expect(sb.data.applyQueue()).toBe(1);
    const created = await call<PortalVehicle>(sb, jwt, '/vehicles/NOVO-1');
    expect(created.status).toBe(200);
    expect(created.body.url).toBeUndefined();
    expect(Math.abs(Date.parse(created.body.updatedAt) - sb.clock.nowMs())).toBeLessThan(5000);
    expect(created.body.publication).toEqual({ highlighted: false });
    expect(created.body.brand).toEqual({ id: 1, name: 'Fiat', vehicleType: 'C' });
    expect(created.body.trim).toEqual({ id: 10201, name: 'Drive 1.0', modelId: 102 });
    expect(created.body.accessories.map((a) => a.name)).toEqual(['Ar-condicionado', 'Vidros elétricos']);
    expect(created.body.otherInfos.map((a) => a.name)).toEqual(['Único dono', 'IPVA pago']);
    // Rejected photos (not http, .invalid host) are absent, leaving gaps in order.
    expect(created.body.pictures.map((p) => p.order)).toEqual([1, 3]);
    expect(rejectedPicturePositions(created.body.pictures)).toEqual([2]);
    for (const p of created.body.pictures) {
      expect(p.source.startsWith(`${sb.origin}/photos/`)).toBe(true);
      const photo = await fetch(p.source);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      await photo.arrayBuffer();
    }
    const { url: _u, ...expectedProblems } = created.body;
    expect(parseVehicle(expectedProblems).problems).toEqual([]);

    sb.clock.advance(44 * MIN);
    expect((await call<PortalVehicle>(sb, jwt, '/vehicles/NOVO-1')).body.url).toBeUndefined();
    sb.clock.advance(1 * MIN + 1000);
    const later = await call<PortalVehicle>(sb, jwt, '/vehicles/NOVO-1');
    expect(later.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/anuncios\//);
    expect(parseVehicle(later.body).problems).toEqual([]);
  });

  it('queues an update: x-status-queue on reads while pending, then updatedAt bumped and url cleared for 45 min', async () => {
    const target = sb.data.list().find((v) => v.url !== undefined && v.publication !== null) as PortalVehicle;
    const res = await call(sb, jwt, `/vehicles/${target.reference}`, {
      method: 'PUT',
      body: JSON.stringify({ value: 12345, pictures: ['https://fotos.example.com/x.jpg'] }),
    });
    expect(res.status).toBe(202);
    expect(queueHeader(res.headers)[0]?.messageType).toBe('UPDATE_VEHICLE');
    const pending = await call<PortalVehicle>(sb, jwt, `/vehicles/${target.reference}`);
    expect(pending.status).toBe(200);
    expect(pending.body.value).toBe(target.value);
    expect(queueHeader(pending.headers)).toHaveLength(1);

    sb.data.applyQueue();
    const updated = await call<PortalVehicle>(sb, jwt, `/vehicles/${target.reference}`);
    expect(updated.body.value).toBe(12345);
    expect(updated.body.title).toBe(target.title);
    expect(updated.body.publication).toEqual(target.publication);
    expect(updated.body.pictures).toHaveLength(1);
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(target.updatedAt));
    expect(updated.body.url).toBeUndefined();
    sb.clock.advance(45 * MIN);
    expect((await call<PortalVehicle>(sb, jwt, `/vehicles/${target.reference}`)).body.url).toEqual(expect.any(String));
  });

  it('accepts a PUT of the vehicle as read (round trip) and 404s an unknown one', async () => {
    const target = sb.data.list()[2] as PortalVehicle;
    const res = await call(sb, jwt, `/vehicles/${target.reference}`, { method: 'PUT', body: JSON.stringify(target) });
    expect(res.status).toBe(202);
    sb.data.applyQueue();
    const after = sb.data.get(target.reference) as PortalVehicle;
    const strip = (v: PortalVehicle): Partial<PortalVehicle> => ({ ...v, updatedAt: '', url: '', pictures: [] });
    expect(strip(after)).toEqual(strip(target));
    expect(after.pictures.map((p) => p.originalUrl)).toEqual(target.pictures.map((p) => p.originalUrl));
    expect((await call(sb, jwt, '/vehicles/NOPE', { method: 'PUT', body: JSON.stringify({ value: 1 }) })).status).toBe(404);
    expect((await call(sb, jwt, `/vehicles/${target.reference}`, { method: 'PUT', body: JSON.stringify({ title: 'x'.repeat(101) }) })).status).toBe(400);
  });

  it('queues a delete', async () => {
    const ref = sb.data.list()[0]?.reference ?? '';
    const res = await call(sb, jwt, `/vehicles/${ref}`, { method: 'DELETE' });
    expect(res.status).toBe(202);
    expect(queueHeader(res.headers)[0]?.messageType).toBe('DELETE_VEHICLE');
    expect((await call(sb, jwt, `/vehicles/${ref}`)).status).toBe(200);
    sb.data.applyQueue();
    expect((await call(sb, jwt, `/vehicles/${ref}`)).status).toBe(404);
    expect((await call(sb, jwt, '/vehicles/NOPE', { method: 'DELETE' })).status).toBe(404);
    // An empty body with a JSON content type is accepted, as NestJS does.
    const ref2 = sb.data.list()[1]?.reference ?? '';
    expect((await call(sb, jwt, `/publications/${ref2}`, { method: 'DELETE', headers: { 'content-type': 'application/json' } })).status).toBe(202);
  });

  it('applies writes by itself once the real queue delay has passed', async () => {
    sb.data.setQueueDelay(50);
    const ref = sb.data.list().find((v) => v.publication)?.reference ?? '';
    expect((await call(sb, jwt, `/publications/${ref}`, { method: 'DELETE' })).status).toBe(202);
    expect((await call<PortalVehicle>(sb, jwt, `/vehicles/${ref}`)).body.publication).not.toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    expect((await call<PortalVehicle>(sb, jwt, `/vehicles/${ref}`)).body.publication).toBeNull();
  });
});
