import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { call, getJwt } from './helpers';

describe('rate limiting', () => {
  let sb: Sandbox | undefined;
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });

  it('is off by default: no headers, no 429', async () => {
    sb = await startSandbox({ vehicles: 1 });
    const jwt = await getJwt(sb);
    for (let i = 0; i < 60; i++) {
      const res = await call(sb, jwt, '/clients/plan');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('sends the headers on every response, 429 with retry-after past the limit, and resets with the window', async () => {
    sb = await startSandbox({ vehicles: 3, rateLimit: { limit: 5, windowMs: 10_000 } });
    const jwt = await getJwt(sb); // request 1
    const seen: Array<{ status: number; limit: string | null; remaining: string | null; reset: string | null }> = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(sb, jwt, i % 2 ? '/vehicles' : '/clients/plan');
      seen.push({
        status: res.status,
        limit: res.headers.get('x-ratelimit-limit'),
        remaining: res.headers.get('x-ratelimit-remaining'),
        reset: res.headers.get('x-ratelimit-reset'),
      });
      if (res.status === 429) {
        expect(res.body).toEqual({ statusCode: 429, message: expect.any(String), error: 'Too Many Requests' });
        const retry = Number(res.headers.get('retry-after'));
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(10);
      }
    }
    expect(seen.map((s) => s.status)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(seen.map((s) => s.remaining)).toEqual(['3', '2', '1', '0', '0', '0']);
    expect(seen.every((s) => s.limit === '5')).toBe(true);
    for (const s of seen) {
      const reset = Number(s.reset);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(10);
    }
    expect(sb.stats.rateLimited).toBe(2);
    expect(sb.stats.count('GET /clients/plan', 429) + sb.stats.count('GET /vehicles', 429)).toBe(2);

    sb.clock.advance(10_000);
    const again = await call(sb, jwt, '/clients/plan');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('counts per client', async () => {
    sb = await startSandbox({ vehicles: 1, rateLimit: { limit: 2 }, clients: [{ id: 'b', vehicles: 1 }] });
    const a = await getJwt(sb);
    const b = await getJwt(sb, sb.client('b').integrationToken);
    expect((await call(sb, a, '/clients/plan')).status).toBe(200);
    expect((await call(sb, a, '/clients/plan')).status).toBe(429);
    expect((await call(sb, b, '/clients/plan')).status).toBe(200);
  });

  it('can be changed at runtime', async () => {
    sb = await startSandbox({ vehicles: 1 });
    const jwt = await getJwt(sb);
    sb.rateLimit.set({ limit: 1, windowMs: 2000 });
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(200);
    const limited = await call(sb, jwt, '/clients/plan');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    sb.rateLimit.set(false);
    expect((await call(sb, jwt, '/clients/plan')).status).toBe(200);
  });
});
