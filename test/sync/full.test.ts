// Full sync against the sandbox: the cache equals the portal's data, pages at the portal's
// maximum size, in parallel, progress, the plan, the run record.
import { describe, expect, it } from 'vitest';
import { readCachedPlan } from '../../src/main/sync';
import { differences, NO_DIFFERENCES, rig } from './helpers';

describe('full sync', () => {
  it('mirrors every vehicle exactly, at the maximum page size, and records the run', async () => {
    const r = await rig({ sandbox: { vehicles: 430, seed: 5 } });
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'full', outcome: 'succeeded', error: null });
    expect(run.counts.added).toBe(430);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    // limit=100 asked, 50 applied: 9 pages, plus the head and tail of the newest-first order.
    expect(r.sb.stats.count('GET /vehicles')).toBe(9 + 2);
    expect(r.sb.stats.count('GET /clients/jwt')).toBe(1);
    expect(r.sb.stats.count('GET /clients/plan')).toBe(1);
    expect(run.details.pages).toBe(11);
    expect(run.details.requests).toBe(r.sb.stats.requests);
    expect(run.notes).toEqual([]);
    expect(r.cache.runs.recent(1)[0]).toMatchObject({ id: Number(run.id), kind: 'full', outcome: 'succeeded' });
    expect(r.cache.summary().lastSyncAt).not.toBeNull();
    const plan = readCachedPlan(r.cache);
    expect(plan?.plan).toEqual(r.sb.data.plan());
    expect(Date.parse(plan?.fetchedAt ?? '')).toBeGreaterThan(0);
  });

  it('streams progress: phases in order, pages and vehicles counted, one final event', async () => {
    const r = await rig({ sandbox: { vehicles: 300, faults: { latencyMs: 20 } } });
    const run = await r.engine.run();
    const phases = r.events.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['outbox', 'plan', 'pages', 'done']);
    const last = r.events.at(-1);
    expect(last).toMatchObject({ runId: run.id, kind: 'full', phase: 'done', vehiclesDone: 300, vehiclesTotal: 300 });
    expect(last?.pagesDone).toBe(last?.pagesTotal);
    expect(r.events.filter((e) => e.phase === 'done')).toHaveLength(1);
    expect(r.engine.current).toBeNull();
  });

  it('requests pages in parallel', async () => {
    const r = await rig({ sandbox: { vehicles: 500, faults: { latencyMs: 40 } }, engine: { concurrency: 6 } });
    let inFlight = 0;
    let most = 0;
    const portal = r.portal;
    const list = portal.listVehicles.bind(portal);
    portal.listVehicles = async (...args) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        return await list(...args);
      } finally {
        inFlight--;
      }
    };
    await r.engine.run();
    expect(most).toBeGreaterThanOrEqual(4);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('a second full sync removes what the portal removed and records nothing else', async () => {
    const r = await rig({ sandbox: { vehicles: 150 } });
    await r.engine.run();
    const [gone] = r.sb.data.list();
    r.sb.data.remove(gone?.reference ?? '');
    const run = await r.engine.run({ kind: 'full' });
    expect(run.counts).toMatchObject({ added: 0, removed: 1, changed: 0 });
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('an empty stock syncs to an empty cache', async () => {
    const r = await rig({ sandbox: { vehicles: 0 } });
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    expect(r.cache.countVehicles({})).toBe(0);
  });
});

describe('photo step', () => {
  it('runs after the pass commits, with the scope from the settings, and its progress shows', async () => {
    const calls: Array<{ scope: string; vehicles: number }> = [];
    const r = await rig({
      sandbox: { vehicles: 60 },
      engine: {
        settings: () => ({ photos: 'all' }),
        photos: {
          syncPhotos: async ({ scope, onProgress }) => {
            calls.push({ scope, vehicles: r.cache.countVehicles({}) });
            onProgress?.(1, 2);
            onProgress?.(2, 2);
            return { done: 2, failed: 0, total: 2 };
          },
        },
      },
    });
    const run = await r.engine.run();
    expect(calls).toEqual([{ scope: 'all', vehicles: 60 }]);
    expect(run.outcome).toBe('succeeded');
    expect(run.details.photosDone).toBe(2);
    const phases = r.events.map((e) => e.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['outbox', 'plan', 'pages', 'photos', 'done']);
  });

  it('a photo step that fails does not undo the committed inventory', async () => {
    const r = await rig({
      sandbox: { vehicles: 30 },
      engine: { photos: { syncPhotos: async () => Promise.reject(new Error('disk full')) } },
    });
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    expect(run.details.photosError).toBe(1);
    expect(r.cache.countVehicles({})).toBe(30);
  });
});
