// Publication changes and their causes; unpublish online (pending until a read confirms),
// offline (outbox, sent at the next sync, survives a restart), idempotent, refused.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache';
import { createSyncEngine } from '../../src/main/sync';
import { clientFor, rig, sandbox, tempFolder, watchConnectivity } from './helpers';
import { createChanges } from '../../src/main/changes/ledger';
import { publicationState } from '../../src/main/account-session/publication-view';

const deletes = (sb: { stats: { count(route: string, status?: number | string): number } }) => sb.stats.count('DELETE /publications/:reference');

describe('publication changes', () => {
  it('a lower plan limit nulls publications: the next sync records them as dropped by the portal', async () => {
    const r = await rig({ sandbox: { vehicles: 300, seed: 31 } });
    await r.engine.run();
    const published = r.sb.data.list().filter((v) => v.publication !== null).length;
    r.sb.clock.advance(1_000);
    r.sb.data.setPlan({ adsQuantity: published - 7 });
    const dropped = r.sb.data
      .list()
      .filter((v) => v.publication === null)
      .map((v) => v.reference);
    const run = await r.engine.run();
    expect(run).toMatchObject({ kind: 'incremental', outcome: 'succeeded', counts: { droppedByPortal: 7, changed: 7 } });
    const newlyOff = r.cache
      .queryVehicles({ filters: { portal: ['off'] }, window: { offset: 0, limit: 500 } })
      .rows.filter((row) => row.notOnPortalReason === 'droppedByPlan');
    expect(newlyOff).toHaveLength(7);
    for (const row of newlyOff) {
      expect(dropped).toContain(row.reference);
      expect(r.cache.getVehicle(row.reference)?.publicationHistory.at(-1)).toMatchObject({
        cause: 'dropped_by_portal',
        from: { published: true },
        to: { published: false },
      });
    }
  });
});

describe('unpublish', () => {
  it('online: sent, pending until the portal applies its queue and a sync reads it, then confirmed as unpublished here', async () => {
    const r = await rig({ sandbox: { vehicles: 120, seed: 32, queueDelayMs: 60_000 } });
    await r.engine.run();
    // The oldest listings: no newest-first page shows them, so only the pending re-read can.
    const [a, b] = r.sb.data
      .list()
      .filter((v) => v.publication !== null)
      .sort((x, y) => x.updatedAt.localeCompare(y.updatedAt));
    const refs = [a?.reference ?? '', b?.reference ?? ''];
    const outcomes = await r.engine.request('unpublish', refs);
    expect(outcomes.map((o) => o.outcome)).toEqual(['sent', 'sent']);
    expect(deletes(r.sb)).toBe(2);
    for (const ref of refs) expect(r.cache.getVehicle(ref)?.row.portal).toBe('pending');

    // Asking again while pending sends nothing.
    expect((await r.engine.request('unpublish', refs)).map((o) => o.outcome)).toEqual(['sent', 'sent']);
    expect(deletes(r.sb)).toBe(2);

    // The portal has not applied it yet: still pending after a sync (which re-reads pending listings).
    const early = await r.engine.run();
    expect(early.details.pendingChecked).toBe(2);
    for (const ref of refs) expect(r.cache.getVehicle(ref)?.row.portal).toBe('pending');

    r.sb.clock.advance(61_000);
    const late = await r.engine.run();
    expect(late.outcome).toBe('succeeded');
    for (const ref of refs) {
      const v = r.cache.getVehicle(ref);
      expect(v?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'unpublishedHere' });
      expect(r.cache.ledger.of(ref).map((c) => c.status)).toEqual(['confirmed']);
      expect(v?.publicationHistory.at(-1)).toMatchObject({ cause: 'unpublished_here' });
    }
    expect(r.cache.summary().unpublishPending).toBe(0);
  });

  it('confirms a pending unpublish even when the portal does not bump updatedAt (re-read one by one)', async () => {
    const r = await rig({ sandbox: { vehicles: 100, seed: 33, queueDelayMs: Number.POSITIVE_INFINITY } });
    await r.engine.run();
    const ref = r.sb.data.list().find((v) => v.publication !== null)?.reference ?? '';
    await r.engine.request('unpublish', [ref]);
    // Applied behind the sync's back, with the old updatedAt: the newest-first read cannot see it.
    const old = r.sb.data.get(ref)?.updatedAt ?? '';
    r.sb.data.applyQueue();
    r.sb.data.upsert({ reference: ref, publication: null }, { updatedAt: old, urlReady: true });
    const run = await r.engine.run();
    expect(run.details.pendingChecked).toBe(1);
    expect(r.cache.getVehicle(ref)?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'unpublishedHere' });
  });

  it('refused by the portal (422): kept on the listing with the portal’s message', async () => {
    const r = await rig({ sandbox: { vehicles: 50, seed: 34 } });
    await r.engine.run();
    const ref = r.sb.data.list().find((v) => v.publication !== null)?.reference ?? '';
    r.sb.faults.set({ routes: ['DELETE /publications/:reference'] });
    r.sb.faults.failNext(1, 422);
    const [outcome] = await r.engine.request('unpublish', [ref]);
    expect(outcome).toMatchObject({ reference: ref, outcome: 'refused' });
    expect(outcome?.message).toMatch(/Unprocessable Entity/);
    expect(r.cache.getVehicle(ref)?.row).toMatchObject({ portal: 'on', attention: expect.arrayContaining(['unpublishRefused']) });
    expect(publicationState(r.cache.getVehicle(ref)!.row, r.cache.ledger.openOf([ref]).get(ref) ?? [])).toMatchObject({
      unpublish: 'refused',
      unpublishMessage: outcome?.message,
    });
    expect(r.cache.ledger.unsent()).toEqual([]);
  });

  it('a reference the inventory does not have: not_found, nothing sent', async () => {
    const r = await rig({ sandbox: { vehicles: 10 } });
    await r.engine.run();
    expect(await r.engine.request('unpublish', ['NOPE-1'])).toEqual([
      { reference: 'NOPE-1', outcome: 'not_found', message: expect.any(String), code: 'publication.notInInventory' },
    ]);
    expect(deletes(r.sb)).toBe(0);
  });

  it('offline: queued in the outbox, which survives a restart and is sent by the next sync', async () => {
    const sb = await sandbox({ vehicles: 80, seed: 35 });
    const file = join(tempFolder(), 'account.db');
    const online = await rig({ sb, file });
    await online.engine.run();
    const refs = sb.data
      .list()
      .filter((v) => v.publication !== null)
      .slice(0, 3)
      .map((v) => v.reference);
    online.cache.close();

    // The same cache, a portal that cannot be reached (nothing listens on this port any more).
    const closed = await sandbox({ vehicles: 1 });
    const deadUrl = closed.baseUrl;
    await closed.close();
    const offlineCache = openCache(file);
    const { connectivity, hooks } = watchConnectivity(offlineCache);
    const offline = createSyncEngine({ cache: offlineCache, portal: clientFor(deadUrl, 'whatever', { attempts: 2, ...hooks }) });
    const outcomes = await offline.request('unpublish', refs);
    expect(outcomes.map((o) => o.outcome)).toEqual(['queued', 'queued', 'queued']);
    expect(connectivity).toEqual([false]);
    // Asking again does not queue twice.
    expect((await offline.request('unpublish', refs)).map((o) => o.outcome)).toEqual(['queued', 'queued', 'queued']);
    expect(offlineCache.ledger.unsent()).toHaveLength(3);
    const failedSync = await offline.run();
    expect(failedSync).toMatchObject({ outcome: 'failed', error: { kind: 'offline' } });
    expect(offlineCache.ledger.unsent()).toHaveLength(3);
    offlineCache.close();

    // Restart: a new engine over the same file, the portal reachable again.
    const back = await rig({ sb, file });
    expect(back.cache.ledger.unsent()).toHaveLength(3);
    const run = await back.engine.run();
    expect(run).toMatchObject({ outcome: 'succeeded', counts: { unpublishSent: 3 } });
    expect(deletes(sb)).toBe(3);
    expect(back.cache.ledger.unsent()).toEqual([]);
    for (const ref of refs) {
      expect(sb.data.get(ref)?.publication).toBeNull();
      expect(back.cache.getVehicle(ref)?.row).toMatchObject({ portal: 'off', notOnPortalReason: 'unpublishedHere' });
    }
  });

  it('flushChanges on its own: sent, failed and remaining', async () => {
    const r = await rig({ sandbox: { vehicles: 40, seed: 36 } });
    await r.engine.run();
    const [a, b] = r.sb.data.list().filter((v) => v.publication !== null);
    createChanges(r.cache).save('unpublish', a?.reference ?? '', {});
    createChanges(r.cache).save('unpublish', b?.reference ?? '', {});
    r.sb.faults.set({ routes: ['DELETE /publications/:reference'] });
    r.sb.faults.failNext(1, 400);
    const result = await r.engine.flushChanges();
    expect(result).toEqual({ sent: { unpublish: 1 }, failed: { unpublish: 1 }, remaining: 0 });
  });
});
