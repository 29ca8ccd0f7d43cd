// Conformance of the production portal's other publication endpoints (portal-notes.md, "Other
// endpoints the production portal has"): GET the publication, POST to publish again, PUT
// { highlighted }. Writes are queued (202 + x-status-queue) and applied after the queue delay; the
// plan's `available` counts follow what was applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type PortalVehicle, type QueueJobInfo, type Sandbox } from '../../src/sandbox';
import { call, getJwt } from './helpers';

const MIN = 60_000;

function jobsOf(headers: Headers): QueueJobInfo[] {
  const raw = headers.get('x-status-queue');
  expect(raw).not.toBeNull();
  return JSON.parse(raw ?? '[]') as QueueJobInfo[];
}

type Available = { adsQuantity: number; highlightsQuantity: number };

describe('GET /publications/:reference', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 40, seed: 21, queueDelayMs: 10 * MIN });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  it('answers the publication of a published listing', async () => {
    const v = sb.data.list().find((x) => x.publication?.highlighted) as PortalVehicle;
    const res = await call<Record<string, unknown>>(sb, jwt, `/publications/${encodeURIComponent(v.reference)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reference: v.reference, highlighted: true });
    expect(res.headers.get('x-status-queue')).toBeNull();
  });

  it('404s in the NestJS shape for an unpublished or unknown listing', async () => {
    const off = sb.data.list().find((x) => x.publication === null) as PortalVehicle;
    const unpublished = await call(sb, jwt, `/publications/${off.reference}`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body).toEqual({ statusCode: 404, message: `Vehicle ${off.reference} is not published`, error: 'Not Found' });
    const unknown = await call(sb, jwt, '/publications/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Vehicle NOPE not found', error: 'Not Found' });
  });

  it('carries x-status-queue while a write on the listing is pending, and needs the JWT', async () => {
    const v = sb.data.list().find((x) => x.publication && !x.publication.highlighted) as PortalVehicle;
    const put = await call(sb, jwt, `/publications/${v.reference}`, { method: 'PUT', body: JSON.stringify({ highlighted: false }) });
    expect(put.status).toBe(202);
    const read = await call(sb, jwt, `/publications/${v.reference}`);
    expect(read.status).toBe(200);
    expect(jobsOf(read.headers).map((j) => j.jobId)).toEqual(jobsOf(put.headers).map((j) => j.jobId));
    expect((await call(sb, null, `/publications/${v.reference}`)).status).toBe(401);
  });
});

describe('POST /publications/:reference (publish again)', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 60, seed: 22, queueDelayMs: 20 * MIN });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  const offAndActive = (): PortalVehicle[] => sb.data.list().filter((v) => v.publication === null && v.active);

  it('queues PUBLISH_VEHICLE: 202, pending on reads, published after the queue delay, one slot fewer', async () => {
    const [v] = offAndActive();
    if (!v) throw new Error('no unpublished vehicle in the seed');
    const before = sb.data.plan().available.adsQuantity;
    const res = await call<{ reference: string; jobs: QueueJobInfo[] }>(sb, jwt, `/publications/${v.reference}`, { method: 'POST' });
    expect(res.status).toBe(202);
    const [job] = jobsOf(res.headers);
    expect(job).toMatchObject({ messageType: 'PUBLISH_VEHICLE', endpoint: `/integration/v2/publications/${v.reference}` });
    expect(Object.keys(job ?? {}).sort()).toEqual(['endpoint', 'jobId', 'messageType', 'timestamp']);

    const pending = await call<PortalVehicle>(sb, jwt, `/vehicles/${v.reference}`);
    expect(pending.body.publication).toBeNull();
    expect(jobsOf(pending.headers).map((j) => j.messageType)).toEqual(['PUBLISH_VEHICLE']);
    expect((await call(sb, jwt, `/publications/${v.reference}`)).status).toBe(404);

    sb.clock.advance(20 * MIN);
    const done = await call<PortalVehicle>(sb, jwt, `/vehicles/${v.reference}`);
    expect(done.body.publication).toEqual({ highlighted: false });
    expect(done.headers.get('x-status-queue')).toBeNull();
    expect(Date.parse(done.body.updatedAt)).toBeGreaterThan(Date.parse(v.updatedAt));
    const plan = await call<{ available: Available }>(sb, jwt, '/clients/plan');
    expect(plan.body.available.adsQuantity).toBe(before - 1);
  });

  it('is idempotent on a published listing: 202, nothing changes, no slot taken', async () => {
    const v = sb.data.list().find((x) => x.publication?.highlighted) as PortalVehicle;
    sb.data.setPlan({ adsQuantity: sb.data.list().filter((x) => x.publication).length }); // no room left
    const res = await call(sb, jwt, `/publications/${v.reference}`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(jobsOf(res.headers)[0]?.messageType).toBe('PUBLISH_VEHICLE');
    sb.data.applyQueue();
    expect(sb.data.get(v.reference)?.publication).toEqual({ highlighted: true });
    expect(sb.data.get(v.reference)?.updatedAt).toBe(v.updatedAt);
  });

  it('answers 422 in the NestJS shape when the plan has no listing slot left, counting queued publishes', async () => {
    const [a, b] = offAndActive();
    if (!a || !b) throw new Error('need two unpublished vehicles');
    sb.data.setPlan({ adsQuantity: sb.data.list().filter((x) => x.publication).length + 1 });
    expect(sb.data.plan().available.adsQuantity).toBe(1);
    expect((await call(sb, jwt, `/publications/${a.reference}`, { method: 'POST' })).status).toBe(202);
    // Asking again for the same listing is the same request, not a second slot.
    expect((await call(sb, jwt, `/publications/${a.reference}`, { method: 'POST' })).status).toBe(202);
    const refused = await call(sb, jwt, `/publications/${b.reference}`, { method: 'POST' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ statusCode: 422, message: expect.stringMatching(/no ads available in the current plan/i), error: 'Unprocessable Entity' });
    expect(refused.headers.get('x-status-queue')).toBeNull();
    sb.data.applyQueue();
    expect(sb.data.get(a.reference)?.publication).toEqual({ highlighted: false });
    expect(sb.data.get(b.reference)?.publication).toBeNull();
    expect(sb.data.plan().available.adsQuantity).toBe(0);
  });

  it('refuses an inactive listing (422) and 404s an unknown one', async () => {
    sb.data.setPlan({ adsQuantity: 1000 });
    const inactive = sb.data.list().find((v) => !v.active) as PortalVehicle;
    sb.data.upsert({ reference: inactive.reference, publication: null });
    const res = await call<{ message: string }>(sb, jwt, `/publications/${inactive.reference}`, { method: 'POST' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/inactive/i);
    const missing = await call(sb, jwt, '/publications/NOPE', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('PUT /publications/:reference { highlighted }', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 60, seed: 23, queueDelayMs: 5 * MIN });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  const put = (reference: string, body: unknown) =>
    call<{ statusCode: number; message: string | string[]; error: string }>(sb, jwt, `/publications/${encodeURIComponent(reference)}`, {
      method: 'PUT',
      body: JSON.stringify(body),
    });

  it('queues UPDATE_VEHICLE_PUBLICATION: highlighted after the queue delay, one highlight fewer; and back off', async () => {
    const v = sb.data.list().find((x) => x.publication && !x.publication.highlighted) as PortalVehicle;
    const before = sb.data.plan().available.highlightsQuantity;
    const on = await put(v.reference, { highlighted: true });
    expect(on.status).toBe(202);
    expect(jobsOf(on.headers)[0]).toMatchObject({ messageType: 'UPDATE_VEHICLE_PUBLICATION', endpoint: `/integration/v2/publications/${v.reference}` });
    expect((await call<{ highlighted: boolean }>(sb, jwt, `/publications/${v.reference}`)).body.highlighted).toBe(false);
    sb.clock.advance(5 * MIN);
    expect((await call<{ highlighted: boolean }>(sb, jwt, `/publications/${v.reference}`)).body.highlighted).toBe(true);
    expect((await call<{ available: Available }>(sb, jwt, '/clients/plan')).body.available.highlightsQuantity).toBe(before - 1);

    expect((await put(v.reference, { highlighted: false })).status).toBe(202);
    sb.clock.advance(5 * MIN);
    expect(sb.data.get(v.reference)?.publication).toEqual({ highlighted: false });
    expect(sb.data.plan().available.highlightsQuantity).toBe(before);
  });

  it('answers 422 when no highlight is left, counting queued highlights; turning one off needs no room', async () => {
    const plain = sb.data.list().filter((x) => x.publication && !x.publication.highlighted);
    const [a, b] = plain;
    const lit = sb.data.list().find((x) => x.publication?.highlighted) as PortalVehicle;
    if (!a || !b) throw new Error('need two published, not highlighted vehicles');
    sb.data.setPlan({ highlightsQuantity: sb.data.list().filter((x) => x.publication?.highlighted).length + 1 });
    expect((await put(a.reference, { highlighted: true })).status).toBe(202);
    expect((await put(a.reference, { highlighted: true })).status).toBe(202); // the same request again
    const refused = await put(b.reference, { highlighted: true });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      statusCode: 422,
      message: expect.stringMatching(/no highlights available in the current plan/i),
      error: 'Unprocessable Entity',
    });
    // Already highlighted, or switching off: accepted without room.
    expect((await put(lit.reference, { highlighted: true })).status).toBe(202);
    expect((await put(lit.reference, { highlighted: false })).status).toBe(202);
    sb.data.applyQueue();
    expect(sb.data.get(a.reference)?.publication?.highlighted).toBe(true);
    expect(sb.data.get(b.reference)?.publication?.highlighted).toBe(false);
    expect(sb.data.get(lit.reference)?.publication?.highlighted).toBe(false);
    expect(sb.data.plan().available.highlightsQuantity).toBe(1);
  });

  it('answers 422 for an unpublished listing, 404 for an unknown one, 400 for a bad body', async () => {
    const off = sb.data.list().find((x) => x.publication === null) as PortalVehicle;
    const unpublished = await put(off.reference, { highlighted: true });
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.message).toMatch(/not published/);
    expect((await put('NOPE', { highlighted: true })).status).toBe(404);
    for (const body of [{}, { highlighted: 'yes' }, { highlighted: 1 }, [], null]) {
      const res = await put(off.reference, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Bad Request');
      expect(res.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/highlighted must be a boolean value|body must be a JSON object/)]));
    }
    const notJson = await call(sb, jwt, `/publications/${off.reference}`, { method: 'PUT', body: '{"highlighted":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
