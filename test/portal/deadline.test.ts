// A request that cannot succeed fails within its deadline (transport.ts, REQUEST_DEADLINE_MS),
// not after every attempt and every 429 wait (issue 12: a plan request that never answered took
// 122 s, 429s without retry-after 50 s). The sandbox's latency switch and its 429 answers
// (which carry no retry-after) stand in for the portal; the deadline is injected short.
import { describe, expect, it } from 'vitest';
import { testConnection } from '../../src/main/accounts';
import { clientFor, errorOf, sandbox } from './helpers';

describe('the deadline of one request', () => {
  it('a plan request that never answers fails with a timeout once its deadline has passed', async () => {
    const s = await sandbox();
    // The default attempt timeout (15 s) is far longer than this request's deadline.
    const client = clientFor(s, { deadlineMs: 1_000 });
    await client.listVehicles({ limit: 1 }); // the JWT first, so the deadline is the plan request's alone
    s.faults.set({ latencyMs: 120_000, routes: ['GET /clients/plan'] });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'offline', detail: { code: 'TIMEOUT', deadlineMs: 1_000, endpoint: '/clients/plan' } });
    expect(error.message).toMatch(/too long/);
  });

  it('429s without retry-after: a wait that would end past the deadline is not started', async () => {
    const s = await sandbox();
    s.faults.set({ routes: ['GET /clients/plan'] });
    s.faults.failNext(100, 429); // the sandbox's injected 429 carries no retry-after
    // The portal documents 10 s as the wait; 10 s do not fit in a 2 s deadline.
    const client = clientFor(s, { deadlineMs: 2_000, defaultRetryAfterMs: 10_000 });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'rate_limited', detail: { status: 429, retryAfterMs: 10_000, attempts: 1, deadlineMs: 2_000 } });
    expect(s.stats.count('GET /clients/plan', 429)).toBe(1);
  });

  it('429s without retry-after: waits that fit are taken, and the request stops before its deadline', async () => {
    const s = await sandbox();
    s.faults.set({ routes: ['GET /clients/plan'] });
    s.faults.failNext(100, 429);
    const client = clientFor(s, { deadlineMs: 3_000, defaultRetryAfterMs: 1_000, rateLimitRetries: 50 });
    const error = await errorOf(client.getPlan());
    expect(error).toMatchObject({ kind: 'rate_limited', detail: { status: 429, deadlineMs: 3_000 } });
    // 1 s waits within 3 s: at most 2 waits, so at most 3 answers, never the 51 the retries allow.
    const answered = s.stats.count('GET /clients/plan', 429);
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(answered).toBeLessThanOrEqual(3);
  });

  it('test connection (the account form) ends with "unreachable" when the portal never answers', async () => {
    const s = await sandbox({ faults: { latencyMs: 120_000, routes: ['GET /clients/jwt'] } });
    const result = await testConnection({ baseUrl: s.baseUrl, integrationToken: s.integrationToken, deadlineMs: 300 });
    expect(result.outcome).toBe('unreachable');
    if (result.outcome === 'unreachable') expect(result.error.detail).toMatchObject({ code: 'TIMEOUT', deadlineMs: 300 });
  });
});
