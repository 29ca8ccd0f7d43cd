// What goes wrong on the way: the rate limit, 429s, server errors, resets, cut bodies, going
// offline or losing the token mid-sync, cancelling, a second sync while one runs.
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox';
import { AppError } from '../../src/shared/errors';
import { differences, NO_DIFFERENCES, rig, snapshotOf } from './helpers';

describe('sync under the rate limit and transient faults', () => {
  it('parallel pages stay inside the rate limit: no 429, and the waits show in progress', async () => {
    const r = await rig({ sandbox: { vehicles: 600, rateLimit: { limit: 8, windowMs: 1_000 } } });
    const run = await r.engine.run();
    // How often progress goes out is progress.test.ts's, on a clock of its own.
    expect(run.outcome).toBe('succeeded');
    expect(r.sb.stats.rateLimited).toBe(0);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
    expect(r.events.some((e) => e.waitReason === 'rate_limit' && (e.waitingMs ?? 0) > 0)).toBe(true);
  });

  it('a 429 is waited out (retry-after) and the sync completes', async () => {
    const r = await rig({ sandbox: { vehicles: 300 } });
    r.sb.faults.set({ routes: ['GET /vehicles'] });
    r.sb.faults.failNext(3, 429);
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    expect(r.sb.stats.count('GET /vehicles', 429)).toBe(3);
    expect(r.events.some((e) => e.waitReason === 'rate_limit')).toBe(true);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('500s, gateway pages, resets, truncated and invalid bodies are retried; the result is exact', async () => {
    const r = await rig({
      sandbox: {
        vehicles: 700,
        seed: 3,
        faults: {
          errorRates: { 500: 0.06, 502: 0.04 },
          resetRate: 0.05,
          truncateRate: 0.05,
          invalidJsonRate: 0.03,
          routes: ['GET /vehicles', 'GET /clients/plan'],
        },
      },
      client: { attempts: 8 },
    });
    const run = await r.engine.run();
    expect(run.outcome).toBe('succeeded');
    const byRoute = r.sb.stats.snapshot().byRoute['GET /vehicles'] ?? {};
    expect((byRoute['500'] ?? 0) + (byRoute['502'] ?? 0) + (byRoute.reset ?? 0) + (byRoute.truncated ?? 0)).toBeGreaterThan(0);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });
});

describe('a sync that cannot finish leaves the previous snapshot exactly as it was', () => {
  async function synced(vehicles = 500) {
    const r = await rig({ sandbox: { vehicles, seed: 8 } });
    await r.engine.run();
    // Changes a finished sync would apply, so an intact snapshot is not a coincidence.
    r.sb.data.upsert({ reference: 'ZZZ-NEW-0001' });
    r.sb.data.remove(r.sb.data.list()[3]?.reference ?? '');
    r.sb.data.touch(r.sb.data.list()[9]?.reference ?? '');
    return { r, before: snapshotOf(r.cache) };
  }

  it('offline mid-sync: failed with kind offline, connectivity false, snapshot intact', async () => {
    const { r, before } = await synced();
    r.sb.faults.set({
      onListRequest: ({ index }) => {
        if (index === 3) r.sb.faults.set({ resetRate: 1, routes: ['GET /vehicles'] });
      },
    });
    const run = await r.engine.run({ kind: 'full' });
    expect(run).toMatchObject({ outcome: 'failed', error: { kind: 'offline' } });
    expect(r.cache.runs.get(Number(run.id))).toMatchObject({ outcome: 'failed', error: { kind: 'offline' } });
    expect(r.connectivity.at(-1)).toBe(false);
    expect(snapshotOf(r.cache)).toEqual(before);
    r.sb.faults.clear();
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(r.connectivity.at(-1)).toBe(true);
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('the portal closed before the sync: failed offline at once, nothing changed', async () => {
    const { r, before } = await synced(100);
    await r.sb.close();
    const run = await r.engine.run();
    expect(run).toMatchObject({ outcome: 'failed', error: { kind: 'offline' } });
    expect(snapshotOf(r.cache)).toEqual(before);
  });

  it('token refused mid-sync: failed with kind token_refused, snapshot intact', async () => {
    const { r, before } = await synced();
    r.sb.faults.set({
      onListRequest: ({ index }) => {
        if (index !== 3) return;
        r.sb.auth.rotateIntegrationToken();
        r.sb.auth.revokeJwts();
      },
    });
    const run = await r.engine.run({ kind: 'full' });
    expect(run).toMatchObject({ outcome: 'failed', error: { kind: 'token_refused' } });
    expect(snapshotOf(r.cache)).toEqual(before);
  });

  it('server errors that outlast the retries: failed with kind server, snapshot intact', async () => {
    const { r, before } = await synced();
    r.sb.faults.set({
      onListRequest: ({ index }) => {
        if (index === 4) r.sb.faults.failNext(1_000, 500);
      },
    });
    const run = await r.engine.run({ kind: 'full' });
    expect(run).toMatchObject({ outcome: 'failed', error: { kind: 'server' } });
    expect(snapshotOf(r.cache)).toEqual(before);
  });

  it('cancel mid-sync: cancelled, snapshot intact, the next sync completes', async () => {
    const { r, before } = await synced(800);
    holdPagesAfter(r.sb, 4);
    const pending = r.engine.run({ kind: 'full' });
    await r.sb.hold.whenHeld(1);
    r.engine.cancel();
    const run = await pending;
    r.sb.hold.release();
    expect(run).toMatchObject({ outcome: 'cancelled', error: null });
    expect(r.cache.runs.get(Number(run.id))?.outcome).toBe('cancelled');
    expect(snapshotOf(r.cache)).toEqual(before);
    expect(r.events.at(-1)?.phase).toBe('done');
    r.sb.faults.clear();
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(differences(r.cache, r.sb)).toEqual(NO_DIFFERENCES);
  });

  it('cancel through the caller’s AbortSignal', async () => {
    const { r, before } = await synced(400);
    holdPagesAfter(r.sb, 2);
    const controller = new AbortController();
    const pending = r.engine.run({ signal: controller.signal, kind: 'full' });
    await r.sb.hold.whenHeld(1);
    controller.abort();
    expect((await pending).outcome).toBe('cancelled');
    r.sb.hold.release();
    expect(snapshotOf(r.cache)).toEqual(before);
  });

  it('one sync at a time: a second run while one runs is refused with busy', async () => {
    const r = await rig({ sandbox: { vehicles: 200, faults: { latencyMs: 10 } } });
    const first = r.engine.run();
    const second = await r.engine.run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(AppError);
    expect((second as AppError).kind).toBe('busy');
    expect((await first).outcome).toBe('succeeded');
    r.engine.cancel(); // idle: nothing happens
    expect(r.engine.current).toBeNull();
  });
});

/** The portal answers `pages` list requests, then holds the others until released: the sync is certainly mid-way when the test acts. */
function holdPagesAfter(sb: Sandbox, pages: number): void {
  sb.faults.set({
    onListRequest: ({ index }) => {
      if (index === pages) sb.hold.hold('GET /vehicles');
    },
  });
}
