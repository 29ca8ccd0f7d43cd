import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseVehicle } from '../../src/shared/vehicle';
import { startSandbox, type ListRequestInfo, type Sandbox } from '../../src/sandbox';
import { call, getJwt, type Page } from './helpers';

describe('fault switches', () => {
  let sb: Sandbox;
  let jwt: string;
  beforeAll(async () => {
    sb = await startSandbox({ vehicles: 200, seed: 13 });
    jwt = await getJwt(sb);
  });
  afterAll(() => sb.close());
  beforeEach(() => {
    sb.faults.clear();
    sb.data.setQueueDelay(0);
  });

  it('adds latency: the answer waits for the delay, other routes do not', async () => {
    // The sandbox waits through the `sleep` it is given: this one says what it was asked and
    // ends when the test says so, so no clock is read.
    let asked: (ms: number) => void = () => undefined;
    const sleepAsked = new Promise<number>((resolve) => (asked = resolve));
    let wake: () => void = () => undefined;
    const slow = await startSandbox({
      vehicles: 5,
      seed: 13,
      sleep: (ms) => {
        asked(ms);
        return new Promise<void>((resolve) => (wake = resolve));
      },
    });
    try {
      const token = await getJwt(slow);
      slow.faults.set({ latencyMs: 150, routes: ['GET /clients/plan'] });
      let answered = false;
      const plan = call(slow, token, '/clients/plan').then((res) => {
        answered = true;
        return res;
      });
      expect(await sleepAsked).toBe(150);
      // A later request to another route is answered while the plan still waits.
      expect((await call(slow, token, '/vehicles?limit=1')).status).toBe(200);
      expect(answered).toBe(false);
      wake();
      expect((await plan).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('holds a route until released: a held request has arrived and gets its answer afterwards', async () => {
    sb.hold.hold('GET /clients/plan');
    let answered = false;
    const plan = call(sb, jwt, '/clients/plan').then((res) => {
      answered = true;
      return res;
    });
    await sb.hold.whenHeld(1);
    expect(sb.hold.held).toBe(1);
    expect((await call(sb, jwt, '/vehicles?limit=1')).status).toBe(200);
    expect(answered).toBe(false);
    sb.hold.release();
    expect((await plan).status).toBe(200);
    expect(sb.hold.held).toBe(0);
    // Released: the route is no longer held.
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(200);
  });

  it('answers errors at the configured rates, deterministically per seed, in the NestJS shape', async () => {
    const statuses = async (box: Sandbox, token: string): Promise<number[]> => {
      box.faults.set({ errorRates: { 500: 0.3, 503: 0.2 } });
      const out: number[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await call(box, token, '/vehicles?limit=1');
        if (res.status !== 200) expect(res.body).toEqual({ statusCode: res.status, message: expect.any(String), error: expect.any(String) });
        out.push(res.status);
      }
      box.faults.clear();
      return out;
    };
    const boxes = await Promise.all([13, 13, 14].map((seed) => startSandbox({ vehicles: 5, seed })));
    try {
      const [a, b, c] = await Promise.all(boxes.map(async (box) => statuses(box, await getJwt(box))));
      const count = (s: number): number => (a ?? []).filter((x) => x === s).length;
      expect(count(500)).toBeGreaterThan(15);
      expect(count(500)).toBeLessThan(45);
      expect(count(503)).toBeGreaterThan(8);
      expect(count(503)).toBeLessThan(35);
      expect(count(200)).toBe(100 - count(500) - count(503));
      // Same seed, same request sequence: same faults; another seed: others.
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
    } finally {
      await Promise.all(boxes.map((box) => box.close()));
    }
  });

  it('answers 502/504 as a gateway would: HTML', async () => {
    sb.faults.set({ errorRates: { 502: 1 } });
    const res = await call(sb, jwt, '/vehicles');
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('fails the next N requests with a given status', async () => {
    sb.faults.failNext(3, 503);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(sb, jwt, '/clients/plan')).status);
    expect(statuses).toEqual([503, 503, 503, 200, 200]);
    sb.faults.set({ failNext: { count: 1, status: 500 } });
    expect((await call(sb, jwt, '/clients/jwt', { headers: { token: sb.integrationToken } })).status).toBe(500);
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(200);
  });

  it('limits request faults to the given routes', async () => {
    sb.faults.set({ errorRates: { 500: 1 }, routes: ['GET /vehicles'] });
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(200);
    expect((await call(sb, jwt, '/vehicles')).status).toBe(500);
  });

  it('resets connections', async () => {
    sb.faults.set({ resetRate: 1 });
    await expect(fetch(`${sb.baseUrl}/vehicles`, { headers: { authorization: `Bearer ${jwt}` } })).rejects.toThrow();
    expect(sb.stats.count('GET /vehicles', 'reset')).toBeGreaterThanOrEqual(1);
    sb.faults.clear();
    expect((await call(sb, jwt, '/vehicles')).status).toBe(200);
  });

  it('truncates bodies', async () => {
    sb.faults.set({ truncateRate: 1 });
    const res = await fetch(`${sb.baseUrl}/vehicles?limit=50`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(sb.stats.count('GET /vehicles', 'truncated')).toBeGreaterThanOrEqual(1);
  });

  it('sends invalid JSON', async () => {
    sb.faults.set({ invalidJsonRate: 1 });
    const res = await fetch(`${sb.baseUrl}/vehicles`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('serves vehicles that violate the schema', async () => {
    const [first, second] = sb.data.list();
    sb.faults.set({ invalidVehicles: { references: [first?.reference ?? ''] } });
    const one = await call<Record<string, unknown>>(sb, jwt, `/vehicles/${first?.reference}`);
    expect(one.body.value).toBe('abc');
    expect(parseVehicle(one.body).problems.map((p) => p.field)).toEqual(['value']);

    sb.faults.set({ invalidVehicles: { references: [second?.reference ?? ''], kind: 'missing-reference' } });
    const listed = await call<Page>(sb, jwt, '/vehicles?limit=50&sortBy=reference:ASC');
    const broken = listed.body.data.filter((v) => (v as { reference?: unknown }).reference === undefined); // garbled items lack what their type promises;
    expect(broken).toHaveLength(1);
    expect(parseVehicle(broken[0]).problems.map((p) => p.field)).toEqual(['reference']);

    sb.faults.set({ invalidVehicles: { rate: 0.3, kind: 'mixed' } });
    const pages: Page['data'] = [];
    for (let p = 1; p <= 4; p++) pages.push(...(await call<Page>(sb, jwt, `/vehicles?limit=50&page=${p}`)).body.data);
    const bad = pages.filter((v) => parseVehicle(v).problems.length > 0);
    expect(bad.length).toBeGreaterThan(20);
    expect(bad.length).toBeLessThan(100);
    // Same vehicles every time.
    const again: Page['data'] = [];
    for (let p = 1; p <= 4; p++) again.push(...(await call<Page>(sb, jwt, `/vehicles?limit=50&page=${p}`)).body.data);
    expect(again).toEqual(pages);
  });

  it('removes vehicles while a client is paging, so a naive walk misses some', async () => {
    const box = await startSandbox({ vehicles: 300, seed: 2, faults: { mutateWhilePaging: { everyNthPageRequest: 2, action: 'remove' } } });
    try {
      const token = await getJwt(box);
      const seen = new Set<string>();
      const totals: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = await call<Page>(box, token, `/vehicles?limit=50&page=${page}`);
        totals.push(res.body.meta.totalItems);
        for (const v of res.body.data) seen.add(v.reference);
      }
      expect(totals[0]).toBe(300);
      expect(totals[5]).toBe(297);
      expect(box.data.count()).toBe(297);
      // Pages shifted under the client: it saw fewer than the stock it was told about at first.
      expect(seen.size).toBeLessThan(300);
    } finally {
      await box.close();
    }
  });

  it('inserts and touches vehicles while a client is paging', async () => {
    sb.faults.set({ mutateWhilePaging: { everyNthPageRequest: 1, action: 'insert' } });
    const a = await call<Page>(sb, jwt, '/vehicles?limit=10');
    const b = await call<Page>(sb, jwt, '/vehicles?limit=10');
    expect(b.body.meta.totalItems).toBe(a.body.meta.totalItems + 1);
    expect(b.body.data[0]?.reference).toMatch(/^NEW-/);

    sb.faults.set({ mutateWhilePaging: { everyNthPageRequest: 1, action: 'touch' } });
    const before = await call<Page>(sb, jwt, '/vehicles?limit=1');
    const after = await call<Page>(sb, jwt, '/vehicles?limit=1');
    expect(after.body.meta.totalItems).toBe(before.body.meta.totalItems);
    expect(Date.parse(String(after.body.data[0]?.updatedAt))).toBeGreaterThanOrEqual(Date.parse(String(before.body.data[0]?.updatedAt)));
  });

  it('calls a hook between page requests', async () => {
    const calls: ListRequestInfo[] = [];
    sb.faults.set({
      onListRequest: (info) => {
        calls.push(info);
        if (info.index === 2) sb.data.unpublish(sb.data.list().find((v) => v.publication)?.reference ?? '');
      },
    });
    await call(sb, jwt, '/vehicles?limit=5&page=1');
    await call(sb, jwt, '/vehicles?limit=5&page=2');
    expect(calls.map((c) => [c.index, c.page, c.limit, c.clientId])).toEqual([
      [1, 1, 5, sb.clientId],
      [2, 2, 5, sb.clientId],
    ]);
  });

  it('can be set at start', async () => {
    const box = await startSandbox({ vehicles: 1, faults: { failNext: { count: 1, status: 500 } } });
    try {
      expect((await call(box, null, '/clients/jwt', { headers: { token: box.integrationToken } })).status).toBe(500);
      expect((await call(box, null, '/clients/jwt', { headers: { token: box.integrationToken } })).status).toBe(200);
    } finally {
      await box.close();
    }
  });

  it('never applies to photos or the control routes', async () => {
    sb.faults.set({ errorRates: { 500: 1 }, latencyMs: 0 });
    const photo = await fetch(sb.data.list()[0]?.pictures[0]?.source ?? '');
    expect(photo.status).toBe(200);
    await photo.arrayBuffer();
    const control = await fetch(`${sb.origin}/_sandbox`);
    expect(control.status).toBe(200);
    await control.json();
  });
});
