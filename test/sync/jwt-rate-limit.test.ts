// A full sync under short-lived JWTs and a tight rate limit (issue 30, item 1): 6-second JWTs and
// 8 requests per 10 s made `sync --full` fail with "The portal refused your integration token".
// The rate limit's waits are skipped on the sandbox clock (test/portal/helpers.ts, skippedWaits).
import { describe, expect, it } from 'vitest';
import { skippedWaits } from '../portal/helpers';
import { differences, NO_DIFFERENCES, rig, sandbox } from './helpers';

describe('sync with JWTs shorter than a rate-limit wait', () => {
  it('a full sync of 1,000 listings succeeds with no 401 beyond one per renewal', { timeout: 30_000 }, async () => {
    const sb = await sandbox({ vehicles: 1_000, seed: 30, expiration: '6s', rateLimit: { limit: 8, windowMs: 10_000 } });
    const time = skippedWaits(sb);
    const r = await rig({ sb, engine: { now: () => sb.clock.nowMs() }, client: { now: () => sb.clock.nowMs(), clock: time.clock, ...time.hooks } });
    const run = await r.engine.run({ kind: 'full' });
    expect(run).toMatchObject({ kind: 'full', outcome: 'succeeded', counts: { added: 1_000 } });
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    const renewals = sb.stats.count('GET /clients/jwt', 200);
    expect(renewals).toBeGreaterThan(1);
    const refused = Object.keys(sb.stats.snapshot().byRoute)
      .filter((route) => route !== 'GET /clients/jwt')
      .reduce((sum, route) => sum + sb.stats.count(route, 401), 0);
    expect(refused).toBeLessThanOrEqual(renewals);
  });
});
