import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { call, getJwt } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body it expects, as a cast would
async function control<T = unknown>(sb: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sb.origin}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('control surface over HTTP', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 30, queueDelayMs: Infinity });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());

  it('reports state and changes clock, plan, faults, rate limit, queue and stats', async () => {
    const state = await control<{ clients: Array<{ id: string; vehicles: number }> }>(sb, 'GET', '');
    expect(state.body.clients).toEqual([expect.objectContaining({ id: sb.clientId, vehicles: 30 })]);

    const t0 = sb.clock.nowMs();
    await control(sb, 'POST', '/clock/advance', { ms: 3_600_000 });
    expect(sb.clock.nowMs() - t0).toBeGreaterThanOrEqual(3_600_000);

    const plan = await control<{ currentPlan: { adsQuantity: number } }>(sb, 'PUT', '/plan', { adsQuantity: 5 });
    expect(plan.body.currentPlan.adsQuantity).toBe(5);
    expect(sb.data.list().filter((v) => v.publication)).toHaveLength(5);

    await control(sb, 'PUT', '/faults', { failNext: { count: 1, status: 500 } });
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(500);
    expect((await control(sb, 'PUT', '/faults', { resetRate: 7 })).status).toBe(400);
    await control(sb, 'DELETE', '/faults');

    await control(sb, 'PUT', '/rate-limit', { limit: 1 });
    await call(sb, jwt, '/clients/plan');
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(429);
    await control(sb, 'PUT', '/rate-limit', false);

    const ref = sb.data.list().find((v) => v.publication)?.reference ?? '';
    expect((await call(sb, jwt, `/publications/${ref}`, { method: 'DELETE' })).status).toBe(202);
    expect((await control<{ applied: number }>(sb, 'POST', '/queue/flush')).body.applied).toBe(1);
    expect(sb.data.get(ref)?.publication).toBeNull();

    const stats = await control<{ api: number; rateLimited: number }>(sb, 'GET', '/stats');
    expect(stats.body.api).toBeGreaterThan(0);
    expect(stats.body.rateLimited).toBe(1);
    expect((await control<{ api: number }>(sb, 'POST', '/stats/reset')).body.api).toBe(0);
  });

  it('the dialect: replaced whole, and the answers follow it', async () => {
    const published = sb.data.list().find((v) => v.publication !== null);
    const off = sb.data.list().find((v) => v.publication === null);
    if (!published || !off) throw new Error('seed without a published and an unpublished listing');
    await control(sb, 'PUT', '/dialect', { queueHeader: { messageTypeCase: 'lower', singleAsObject: true }, emptyBodyWhenUnpublished: true });
    expect(sb.dialect.get()).toEqual({ queueHeader: { messageTypeCase: 'lower', singleAsObject: true }, emptyBodyWhenUnpublished: true });
    const queued = await call(sb, jwt, `/publications/${published.reference}`, { method: 'DELETE' });
    expect(JSON.parse(queued.headers.get('x-status-queue') ?? 'null')).toMatchObject({ messageType: 'unpublish_vehicle' });
    const none = await call(sb, jwt, `/publications/${off.reference}`);
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: '' });
    await control(sb, 'PUT', '/dialect', {});
    expect((await call(sb, jwt, `/publications/${off.reference}`)).status).toBe(404);
  });
});
