// Rate limit against the sandbox's fixed-window limiter: pacing that provokes no 429, waiting out
// a 429 that another client caused, and parallel requests when the portal sets no limit.
import { describe, expect, it } from 'vitest';
import type { WaitEvent } from '../../src/main/portal';
import { createPortalClient } from '../../src/main/portal';
import { clientFor, errorOf, sandbox } from './helpers';

describe('rate limit', () => {
  it('8 parallel callers against 10 requests / second: no 429', async () => {
    const s = await sandbox({ vehicles: 200, rateLimit: { limit: 10, windowMs: 1_000 } });
    const waits: WaitEvent[] = [];
    const client = clientFor(s, { concurrency: 8, onWait: (e) => waits.push(e) });
    const started = Date.now();
    const calls = 41; // + 1 JWT = 42 requests: 4 full windows and 2 requests in a 5th
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; i < calls; i += 8) await client.listVehicles({ limit: 5, page: (i % 40) + 1 });
      }),
    );
    const elapsed = Date.now() - started;
    expect(s.stats.rateLimited).toBe(0);
    expect(s.stats.requests).toBe(42);
    // The limit allows no less than 4 s. (How close to it we get is measured by
    // test/portal/measure-pacing.ts, not asserted here: timings on a shared machine vary.)
    expect(elapsed).toBeGreaterThanOrEqual(4_000);
    expect(elapsed).toBeLessThan(4_000 * 3); // sanity: no 10-second default waits
    expect(waits.filter((w) => w.reason === 'rate_limit').length).toBeGreaterThanOrEqual(4);
    expect(waits.every((w) => w.ms >= 0 && w.ms <= 1_100)).toBe(true);
  });

  it('a 429 (another program used the window) is waited out with retry-after, then retried', async () => {
    const s = await sandbox({ rateLimit: { limit: 5, windowMs: 2_000 } });
    const jwt = await s.auth.issueJwt();
    for (let i = 0; i < 5; i++) await fetch(`${s.baseUrl}/clients/plan`, { headers: { authorization: `Bearer ${jwt.token}` } });
    const waits: WaitEvent[] = [];
    const client = clientFor(s, { onWait: (e) => waits.push(e) });
    const started = Date.now();
    const plan = await client.getPlan();
    expect(plan.currentPlan.name).toBeTruthy();
    expect(s.stats.count('GET /clients/jwt', 429)).toBe(1);
    expect(waits[0]).toMatchObject({ reason: 'rate_limit' });
    expect(waits[0]?.ms).toBeGreaterThan(0);
    expect(waits[0]?.ms).toBeLessThanOrEqual(2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual((waits[0]?.ms ?? 0) - 50);
  });

  it('429s past the retry budget → rate_limited', async () => {
    const s = await sandbox({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const jwt = await s.auth.issueJwt();
    for (let i = 0; i < 2; i++) await fetch(`${s.baseUrl}/clients/plan`, { headers: { authorization: `Bearer ${jwt.token}` } });
    const client = clientFor(s, { rateLimitRetries: 0 });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'rate_limited', detail: { status: 429, endpoint: '/clients/jwt', retryAfterMs: 60_000 } });
  });

  it('a 429 asking for a very long wait fails at once', async () => {
    const s = await sandbox({ rateLimit: { limit: 1, windowMs: 600_000 } });
    await fetch(`${s.baseUrl}/clients/jwt`, { headers: { token: s.integrationToken } });
    const client = clientFor(s, { maxRetryAfterMs: 30_000 });
    const started = Date.now();
    expect((await errorOf(client.getPlan())).kind).toBe('rate_limited');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a 429 without retry-after waits the default', async () => {
    // A portal (not the sandbox) that answers 429 once, without retry-after.
    const { startHttpServer, json } = await import('./servers');
    let calls = 0;
    const server = await startHttpServer((req, res) => {
      if (req.url?.endsWith('/clients/jwt')) return json(res, 200, { token: 'opaque', expiration: '1d' });
      calls++;
      if (calls === 1) return json(res, 429, { statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' });
      return json(res, 200, {
        currentPlan: { name: 'P', pictureQuantity: 1, adsQuantity: 1, highlightsQuantity: 0 },
        available: { adsQuantity: 1, highlightsQuantity: 0 },
      });
    });
    try {
      const waits: WaitEvent[] = [];
      const client = createPortalClient({
        baseUrl: `${server.url}/integration/v2`,
        integrationToken: 't',
        defaultRetryAfterMs: 300,
        onWait: (e) => waits.push(e),
      });
      const started = Date.now();
      await client.getPlan();
      expect(waits).toEqual([{ reason: 'rate_limit', ms: 300 }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(calls).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('no limit: requests go out in parallel up to the concurrency', async () => {
    const s = await sandbox({ vehicles: 100, faults: { latencyMs: 200, routes: ['GET /vehicles'] } });
    let inFlight = 0;
    let most = 0;
    const client = clientFor(s, {
      concurrency: 6,
      onRequest: () => {
        most = Math.max(most, ++inFlight);
      },
      onResponse: () => {
        inFlight--;
      },
    });
    await client.getPlan();
    await Promise.all(Array.from({ length: 12 }, (_, i) => client.listVehicles({ limit: 5, page: i + 1 })));
    expect(most).toBe(6);
    expect(client.rateLimit()).toBeUndefined();
  });

  it('cancelling while waiting for the rate limit', async () => {
    const s = await sandbox({ rateLimit: { limit: 2, windowMs: 5_000 } });
    const client = clientFor(s);
    await client.getPlan(); // JWT + plan: the window is spent
    const controller = new AbortController();
    const pending = errorOf(client.getPlan({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect((await pending).kind).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(s.stats.rateLimited).toBe(0);
  });
});
