import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseVehicle, rejectedPicturePositions, VEHICLE_FIELDS } from '../../src/shared/vehicle';
import { startSandbox, type PortalVehicle, type QueueJobInfo, type Sandbox } from '../../src/sandbox';
import { call, getJwt, type Page } from './helpers';

const MIN = 60_000;

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

// POST and PUT /vehicles (the write shape) are covered by vehicle-writes.test.ts.
describe('DELETE /vehicles and the queue', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeEach(async () => {
    sb = await startSandbox({ vehicles: 10, seed: 8, queueDelayMs: Infinity });
    jwt = await getJwt(sb);
    return () => sb.close();
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
