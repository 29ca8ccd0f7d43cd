// The JWT session against the sandbox: renewal ahead of expiry, one renewal shared by concurrent
// requests, renewal once on a 401, and a refused integration token (a fresh JWT refused again:
// jwt-wait.test.ts).
import { describe, expect, it } from 'vitest';
import { clientFor, errorOf, sandbox } from './helpers';

const JWT = 'GET /clients/jwt';

describe('JWT session', () => {
  it('renews ahead of expiry from the `expiration` text, without a 401', async () => {
    const s = await sandbox({ expiration: '30s', frozenClock: true });
    const client = clientFor(s); // margin: min(60 s, 10 % of 30 s) = 3 s
    await client.getPlan();
    expect(s.stats.count(JWT)).toBe(1);
    s.clock.advance(26_000);
    await client.getPlan();
    expect(s.stats.count(JWT)).toBe(1);
    s.clock.advance(1_500); // 27.5 s: inside the margin
    await client.getPlan();
    expect(s.stats.count(JWT)).toBe(2);
    expect(s.stats.count('GET /clients/plan', 401)).toBe(0);
    expect(client.stats().jwtRenewals).toBe(2);
  });

  it("renews from the JWT's own exp when it is sooner than the text", async () => {
    const s = await sandbox({ expiration: '1d', jwtTtl: '60s', frozenClock: true });
    const client = clientFor(s); // exp − iat = 60 s, margin 6 s
    await client.getPlan();
    s.clock.advance(53_000);
    await client.getPlan();
    expect(s.stats.count(JWT)).toBe(1);
    s.clock.advance(2_000);
    await client.getPlan();
    expect(s.stats.count(JWT)).toBe(2);
    expect(s.stats.count('GET /clients/plan', 401)).toBe(0);
  });

  it('an expired JWT is renewed before the request, never sent', async () => {
    const s = await sandbox({ expiration: '1h' });
    const client = clientFor(s);
    await client.listVehicles();
    s.clock.advance(2 * 3_600_000);
    await client.listVehicles();
    expect(s.stats.count(JWT)).toBe(2);
    expect(s.stats.count('GET /vehicles', 401)).toBe(0);
  });

  it('10 concurrent requests share one renewal', async () => {
    const s = await sandbox({ faults: { latencyMs: 50, routes: [JWT] } });
    const client = clientFor(s, { concurrency: 10 });
    const pages = await Promise.all(Array.from({ length: 10 }, (_, i) => client.listVehicles({ limit: 2, page: i + 1 })));
    expect(pages.map((p) => p.meta.currentPage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.stats.count(JWT)).toBe(1);
    // And again when all of them find it expired at once.
    s.clock.advance(2 * 86_400_000);
    await Promise.all(Array.from({ length: 10 }, () => client.getPlan()));
    expect(s.stats.count(JWT)).toBe(2);
  });

  it('renews once on a 401 (JWTs revoked), shared by concurrent requests', async () => {
    const s = await sandbox();
    const client = clientFor(s, { concurrency: 10 });
    await client.getPlan();
    s.auth.revokeJwts();
    const plans = await Promise.all(Array.from({ length: 10 }, () => client.getPlan()));
    expect(plans).toHaveLength(10);
    expect(s.stats.count('GET /clients/plan', 401)).toBe(10);
    expect(s.stats.count(JWT)).toBe(2);
  });

  it('a 401 from /clients/jwt is token_refused, without retries', async () => {
    const s = await sandbox();
    const client = clientFor(s, { integrationToken: 'sbx_not-the-right-token' });
    const error = await errorOf(client.listVehicles());
    expect(error).toMatchObject({ kind: 'token_refused', detail: { endpoint: '/clients/jwt', status: 401, portalMessage: 'Invalid integration token' } });
    expect(s.stats.count(JWT)).toBe(1);
  });

  it('a rotated integration token: renewal refused → token_refused', async () => {
    const s = await sandbox();
    const client = clientFor(s);
    await client.getPlan();
    s.auth.rotateIntegrationToken();
    s.auth.revokeJwts();
    expect((await errorOf(client.getPlan())).kind).toBe('token_refused');
  });

  it('reads the integration token lazily (e.g. from the keychain) for each renewal', async () => {
    const s = await sandbox();
    let reads = 0;
    const client = clientFor(s, {
      integrationToken: async () => {
        reads++;
        return s.integrationToken;
      },
    });
    await client.getPlan();
    await client.getPlan();
    expect(reads).toBe(1);
    s.auth.revokeJwts();
    await client.getPlan();
    expect(reads).toBe(2);
  });
});
