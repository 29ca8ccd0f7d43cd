// Publish again and highlight, the same way as unpublish: sent online (pending until a sync reads
// the listing as asked, then confirmed and credited to the dealer in the history), queued offline
// (sent by the next sync, after a restart), refused with the portal's message, and — before any
// request — held back when the plan the last sync read has no room for it.
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { publicationHistory, publicationState, requestsOf } from '../../src/main/account-session/publication-view';
import { NOT_APPLIED_AFTER_MS, openCache, type Cache } from '../../src/main/cache';
import { createSyncEngine, publicationRoom } from '../../src/main/sync';
import { manualClock } from '../cache/helpers';
import { clientFor, rig, sandbox, tempFolder, watchConnectivity, type Rig } from './helpers';

const posts = (r: Pick<Rig, 'sb'>) => r.sb.stats.count('POST /publications/:reference');
const puts = (r: Pick<Rig, 'sb'>) => r.sb.stats.count('PUT /publications/:reference');

/** The listing's publication as the screens and `show` present it. */
function stateOf(cache: Cache, reference: string) {
  const detail = cache.getVehicle(reference);
  if (!detail) throw new Error(`no ${reference} in the cache`);
  return {
    state: publicationState(detail.row, requestsOf(cache, [reference])(reference)),
    history: publicationHistory(cache, detail.row, detail.publicationHistory),
  };
}

/** Active listings not on the portal (an inactive one cannot be published), oldest first. */
function offAndActive(r: Pick<Rig, 'sb'>): string[] {
  return r.sb.data
    .list()
    .filter((v) => v.publication === null && v.active)
    .sort((x, y) => x.updatedAt.localeCompare(y.updatedAt))
    .map((v) => v.reference);
}

const publishedCount = (r: Pick<Rig, 'sb'>) => r.sb.data.list().filter((v) => v.publication !== null).length;
const highlightedCount = (r: Pick<Rig, 'sb'>) => r.sb.data.list().filter((v) => v.publication?.highlighted === true).length;

describe('publish again', () => {
  it('online: sent, pending until a sync reads it published, then confirmed and credited to the dealer', async () => {
    const r = await rig({ sandbox: { vehicles: 120, seed: 41, queueDelayMs: 60_000 } });
    r.sb.data.setPlan({ adsQuantity: publishedCount(r) + 5 });
    await r.engine.run();
    const [ref = ''] = offAndActive(r);
    expect(publicationRoom(r.cache).listings).toEqual({ left: 5, limit: publishedCount(r) + 5 });

    expect(await r.engine.request('publish', [ref])).toEqual([{ reference: ref, outcome: 'sent', message: expect.any(String), code: 'publication.sent' }]);
    expect(posts(r)).toBe(1);
    expect(stateOf(r.cache, ref).state).toMatchObject({ onPortal: false, request: { action: 'publish', status: 'pending' } });
    // On its way, it takes a slot already: the plan's `available` does not count it yet.
    expect(publicationRoom(r.cache).listings?.left).toBe(4);
    // Asking again while pending sends nothing.
    expect((await r.engine.request('publish', [ref]))[0]).toMatchObject({ outcome: 'sent', code: 'publication.alreadyPending' });
    expect(posts(r)).toBe(1);

    // Not applied yet: still pending after a sync, which reads it again.
    const early = await r.engine.run();
    expect(early.details.pendingChecked).toBe(1);
    expect(stateOf(r.cache, ref).state.request).toMatchObject({ action: 'publish', status: 'pending' });

    r.sb.clock.advance(61_000);
    await r.engine.run();
    const { state, history } = stateOf(r.cache, ref);
    expect(state).toMatchObject({ onPortal: true, request: null, unpublish: 'none' });
    expect(history.find((e) => e.change === 'appeared')).toMatchObject({ by: 'here' });
    expect(history.map((e) => e.change)).toContain('publish_sent');
    expect(r.cache.ledger.of(ref).map((e) => e.status)).toEqual(['confirmed']);
    expect(publicationRoom(r.cache).listings?.left).toBe(4);
    // Published already: nothing to send.
    expect((await r.engine.request('publish', [ref]))[0]).toMatchObject({ outcome: 'sent', code: 'publication.alreadyOn' });
    expect(posts(r)).toBe(1);
  });

  it('plan-aware: what the plan has no slot for is not sent, and says how many are left and needed', async () => {
    const r = await rig({ sandbox: { vehicles: 150, seed: 42 } });
    r.sb.data.setPlan({ adsQuantity: publishedCount(r) + 1 });
    await r.engine.run();
    const refs = offAndActive(r).slice(0, 3);
    expect(refs).toHaveLength(3);
    const outcomes = await r.engine.request('publish', refs);
    expect(outcomes.map((o) => o.outcome)).toEqual(['sent', 'no_room', 'no_room']);
    expect(outcomes[1]).toMatchObject({ code: 'publication.noListingRoom', params: { left: 1, needed: 3 } });
    expect(outcomes[1]?.message).toMatch(/1 of \d+ listing slots left and this needs 3/);
    expect(posts(r)).toBe(1);
    expect(r.cache.ledger.of(refs[1] ?? '')).toEqual([]);
    // The one sent takes the last slot: another publish is held back before any request.
    expect(publicationRoom(r.cache).listings?.left).toBe(0);
    expect((await r.engine.request('publish', [refs[2] ?? '']))[0]).toMatchObject({ outcome: 'no_room', params: { left: 0, needed: 1 } });
    expect(posts(r)).toBe(1);
  });

  it('refused by the portal (its plan changed since the last read): the refusal shows on the listing with its message', async () => {
    const r = await rig({ sandbox: { vehicles: 100, seed: 43 } });
    r.sb.data.setPlan({ adsQuantity: publishedCount(r) + 3 });
    await r.engine.run();
    // Lowered behind the app's back: the copy of the plan still shows room.
    r.sb.data.setPlan({ adsQuantity: publishedCount(r) });
    const [ref = ''] = offAndActive(r);
    const [outcome] = await r.engine.request('publish', [ref]);
    expect(outcome).toMatchObject({ reference: ref, outcome: 'refused' });
    expect(outcome?.message).toMatch(/No ads available/);
    const { state, history } = stateOf(r.cache, ref);
    expect(state.request).toEqual({ action: 'publish', status: 'refused', requestedAt: expect.any(String), message: outcome?.message });
    expect(history.at(-1)).toMatchObject({ change: 'publish_refused', message: outcome?.message, by: 'here' });
    // Refused at its first attempt: it never waited in the outbox (nothing says "queued (offline)").
    expect(history.map((e) => e.change)).not.toContain('publish_queued');
    expect(r.cache.ledger.unsent()).toEqual([]);
    // It needs the dealer (its fix: free room, then publish again), counted beside "Needs attention" at once.
    expect(r.cache.getVehicle(ref)?.row.attention[0]).toBe('publishRefused');
    expect(r.cache.queryVehicles({ filters: { attention: ['publishRefused'] } }).rows.map((row) => row.reference)).toEqual([ref]);
    expect(r.cache.summary().needsAttention).toBeGreaterThanOrEqual(1);
    // Published again once there is room: the refusal no longer needs the dealer.
    r.sb.data.setPlan({ adsQuantity: publishedCount(r) + 1 });
    await r.engine.run();
    expect((await r.engine.request('publish', [ref]))[0]).toMatchObject({ outcome: 'sent' });
    expect(r.cache.getVehicle(ref)?.row.attention).not.toContain('publishRefused');
  });

  it('accepted but never applied: a sync over an hour later says so, frees its room, asks the dealer to send it again, and sending again works', async () => {
    const sb = await sandbox({ vehicles: 100, seed: 46, queueDelayMs: Number.POSITIVE_INFINITY });
    sb.data.setPlan({ adsQuantity: publishedCount({ sb }) + 2 });
    const clock = manualClock(new Date().toISOString());
    const cache = openCache(join(tempFolder(), 'account.db'), { clock });
    onTestFinished(() => cache.close());
    const engine = createSyncEngine({ cache, portal: clientFor(sb.baseUrl, sb.integrationToken), now: () => clock().getTime() });
    await engine.run();
    const [ref = ''] = offAndActive({ sb });
    expect((await engine.request('publish', [ref]))[0]).toMatchObject({ outcome: 'sent' });
    expect(publicationRoom(cache).listings?.left).toBe(1);

    // Within the hour: pending, holding its slot.
    clock.advance(NOT_APPLIED_AFTER_MS - 60_000);
    const early = await engine.run();
    expect(early.details.notApplied).toBeUndefined();
    expect(stateOf(cache, ref).state.request).toMatchObject({ action: 'publish', status: 'pending' });

    // Over the hour, and a sync read it still off the portal: not applied.
    clock.advance(2 * 60_000);
    const late = await engine.run();
    expect(late.details.notApplied).toBe(1);
    expect(late.notes.join(' ')).toMatch(/not applied/);
    expect(stateOf(cache, ref).state.request).toMatchObject({ action: 'publish', status: 'not_applied' });
    expect(publicationRoom(cache).listings?.left).toBe(2);
    expect(cache.getVehicle(ref)?.row.attention[0]).toBe('requestNotApplied');
    // No longer read again at every sync.
    expect(cache.ledger.awaitingConfirmation()).toEqual([]);

    // Asked again: sent again, pending again, no longer a reason.
    expect((await engine.request('publish', [ref]))[0]).toMatchObject({ outcome: 'sent', code: 'publication.sent' });
    expect(posts({ sb })).toBe(2);
    expect(stateOf(cache, ref).state.request).toMatchObject({ action: 'publish', status: 'pending' });
    expect(cache.getVehicle(ref)?.row.attention).not.toContain('requestNotApplied');
    expect(publicationRoom(cache).listings?.left).toBe(1);

    // The portal applies its queue at last: confirmed.
    sb.data.applyQueue();
    await engine.run();
    expect(stateOf(cache, ref).state).toMatchObject({ onPortal: true, request: null });
    expect(cache.ledger.of(ref).map((e) => e.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('offline: queued in the outbox, kept across a restart, sent by the next sync and confirmed by it', async () => {
    const sb = await sandbox({ vehicles: 80, seed: 44 });
    sb.data.setPlan({ adsQuantity: publishedCount({ sb }) + 4 });
    const file = join(tempFolder(), 'account.db');
    const online = await rig({ sb, file });
    await online.engine.run();
    const refs = offAndActive({ sb }).slice(0, 2);
    online.cache.close();

    const closed = await sandbox({ vehicles: 1 });
    const deadUrl = closed.baseUrl;
    await closed.close();
    const offlineCache = openCache(file);
    const { hooks } = watchConnectivity(offlineCache);
    const offline = createSyncEngine({ cache: offlineCache, portal: clientFor(deadUrl, 'whatever', { attempts: 2, ...hooks }) });
    expect((await offline.request('publish', refs)).map((o) => o.outcome)).toEqual(['queued', 'queued']);
    expect((await offline.request('publish', refs)).map((o) => o.outcome)).toEqual(['queued', 'queued']);
    expect(offlineCache.ledger.unsent()).toHaveLength(2);
    expect(stateOf(offlineCache, refs[0] ?? '').state.request).toMatchObject({ action: 'publish', status: 'queued' });
    expect(publicationRoom(offlineCache).listings?.left).toBe(2);
    offlineCache.close();

    const back = await rig({ sb, file });
    const run = await back.engine.run();
    expect(run.outcome).toBe('succeeded');
    // Counted by kind: these were publishes, not unpublishes.
    expect(run.counts).toMatchObject({ publishSent: 2, unpublishSent: 0, highlightSent: 0, unhighlightSent: 0 });
    expect(run.notes).toContain('2 queued publishes sent.');
    expect(posts(back)).toBe(2);
    for (const ref of refs) {
      expect(sb.data.get(ref)?.publication).not.toBeNull();
      const { state, history } = stateOf(back.cache, ref);
      expect(state).toMatchObject({ onPortal: true, request: null });
      expect(history.map((e) => e.change)).toEqual(expect.arrayContaining(['publish_queued', 'publish_sent', 'appeared']));
      expect(history.find((e) => e.change === 'appeared')?.by).toBe('here');
    }
  });
});

describe('highlight', () => {
  it('until the plan runs out: the last highlight is sent, the next held back; off again frees it; not on the portal is refused here', async () => {
    const r = await rig({ sandbox: { vehicles: 120, seed: 45 } });
    r.sb.data.setPlan({ highlightsQuantity: highlightedCount(r) + 1 });
    await r.engine.run();
    const candidates = r.sb.data
      .list()
      .filter((v) => v.publication !== null && !v.publication.highlighted)
      .map((v) => v.reference);
    const [a = '', b = ''] = candidates;
    const outcomes = await r.engine.request('highlight', [a, b]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['sent', 'no_room']);
    expect(outcomes[1]).toMatchObject({ code: 'publication.noHighlightRoom', params: { left: 1, needed: 2 } });
    expect(puts(r)).toBe(1);
    expect(stateOf(r.cache, a).state.request).toMatchObject({ action: 'highlight', status: 'pending' });

    await r.engine.run();
    expect(stateOf(r.cache, a).state).toMatchObject({ highlighted: true, request: null });
    expect(stateOf(r.cache, a).history.find((e) => e.change === 'highlighted')).toMatchObject({ by: 'here' });
    expect(publicationRoom(r.cache).highlights?.left).toBe(0);

    expect((await r.engine.request('unhighlight', [a]))[0]).toMatchObject({ outcome: 'sent' });
    await r.engine.run();
    expect(stateOf(r.cache, a).state).toMatchObject({ highlighted: false, request: null });
    expect(publicationRoom(r.cache).highlights?.left).toBe(1);

    const off = r.sb.data.list().find((v) => v.publication === null)?.reference ?? '';
    expect((await r.engine.request('highlight', [off]))[0]).toMatchObject({ outcome: 'refused', code: 'publication.notOnPortal' });
    expect(puts(r)).toBe(2);
  });
});
