// JWTs that expire while a request waits for the rate limit's next window (issue 30, item 1): with
// 6-second JWTs and 8 requests per 10 s, a JWT taken before the wait was dead when the request
// left, and the second 401 was read as a refused integration token. The waits are skipped on the
// sandbox clock (helpers.ts, skippedWaits), so the test takes no real time to wait.
import { describe, expect, it } from 'vitest';
import { clientFor, errorOf, sandbox, skippedWaits } from './helpers';

const JWT = 'GET /clients/jwt';

describe('a JWT and the rate limit', () => {
  it('6-second JWTs under 8 requests per 10 s: 1,000 listings read, no 401, one renewal per window at most', async () => {
    const s = await sandbox({ vehicles: 1_000, expiration: '6s', rateLimit: { limit: 8, windowMs: 10_000 } });
    const time = skippedWaits(s);
    const client = clientFor(s, { clock: time.clock, ...time.hooks });
    const started = s.clock.nowMs();
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => client.listVehicles({ limit: 50, page: i + 1 })));
    expect(new Set(pages.flatMap((p) => p.items.map((v) => v.reference))).size).toBe(1_000);
    expect(s.stats.count('GET /vehicles', 401)).toBe(0);
    expect(s.stats.rateLimited).toBe(0);
    // 20 pages and their JWTs at 8 a window: at least 3 windows; a JWT does not outlive one.
    const windows = Math.ceil((s.clock.nowMs() - started) / 10_000);
    expect(windows).toBeGreaterThanOrEqual(3);
    expect(s.stats.count(JWT)).toBeLessThanOrEqual(windows);
  });

  it('a 401 on a JWT that was still good renews it once; a fresh JWT refused again is unauthorized, not a refused integration token', async () => {
    const s = await sandbox();
    // Every JWT stops working the moment a plan request leaves: the fresh one too.
    const client = clientFor(s, {
      onRequest: (e) => {
        if (e.endpoint === '/clients/plan') s.auth.revokeJwts();
      },
    });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'unauthorized', detail: { endpoint: '/clients/plan', status: 401 } });
    expect(s.stats.count(JWT, 200)).toBe(2);
    expect(s.stats.count('GET /clients/plan', 401)).toBe(2);
  });
});
