// The small stores: photo bookkeeping, the outbox, sync runs, meta.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { manualClock, openTestCache, portalVehicle, sqlOf, tempDir, upsert, type TempDir } from './helpers';
import { DATA_PROBLEMS_KEPT } from '../../src/main/cache/runs';
import { notesOf } from '../../src/shared/sync-notes';
import { toSyncRunReport } from '../../src/main/sync/run-view';
import { createChanges } from '../../src/main/changes/ledger';

let t: TempDir;
let cache: Cache;
let clock: ReturnType<typeof manualClock>;
beforeEach(() => {
  t = tempDir();
  clock = manualClock();
  cache = openTestCache(t, clock);
});
afterEach(() => {
  cache.close();
  t.cleanup();
});

describe('photos', () => {
  it('registers sources once, and the list and detail show their cache status', () => {
    upsert(cache, [portalVehicle({ reference: 'A' })]);
    const [cover, second] = cache.photos.register('A', ['https://cdn.portal.example/A/1.jpg', 'https://cdn.portal.example/A/2.jpg']);
    expect(cache.photos.register('A', ['https://cdn.portal.example/A/1.jpg'])[0]?.id).toBe(cover?.id);
    cache.photos.markCached(cover?.id ?? 0, { filePath: 'ab/abcd.jpg', contentHash: 'abcd', bytes: 1000, contentType: 'image/jpeg' });
    cache.photos.markFailed(second?.id ?? 0, 'HTTP 404');
    const row = cache.queryVehicles({}).rows[0];
    expect(row?.cover).toEqual({ source: 'https://cdn.portal.example/A/1.jpg', photoId: cover?.id, status: 'cached' });
    expect(cache.getVehicle('A')?.photos.map((p) => [p.order, p.status, p.lastError])).toEqual([
      [1, 'cached', null],
      [2, 'failed', 'HTTP 404'],
    ]);
    expect(cache.photos.toDownload(10).map((p) => p.id)).toEqual([second?.id]);
  });

  it('evicts the least recently used first to fit a budget, and finds orphans', () => {
    const photos = cache.photos.register('GONE', ['s1', 's2', 's3']);
    for (const p of photos) {
      cache.photos.markCached(p.id, { filePath: `${p.id}.jpg`, contentHash: String(p.id), bytes: 100, contentType: 'image/jpeg' });
      clock.advance(1000);
    }
    cache.photos.markUsed(photos[0]?.id ?? 0);
    expect(cache.photos.cachedBytes()).toBe(300);
    expect(cache.photos.overBudget(150).map((p) => p.sourceUrl)).toEqual(['s2', 's3']);
    expect(cache.photos.overBudget(300)).toEqual([]);
    cache.photos.markEvicted(photos[1]?.id ?? 0);
    expect(cache.photos.get(photos[1]?.id ?? 0)).toMatchObject({ status: 'evicted', filePath: null });
    expect(
      cache.photos
        .orphans()
        .map((p) => p.sourceUrl)
        .sort(),
    ).toEqual(['s1', 's3']);
  });
});

describe('vehicles: has, covers and raw JSON', () => {
  it('has() answers from the reference index alone, without the listing JSON', () => {
    upsert(cache, [portalVehicle({ reference: 'A' }), portalVehicle({ reference: 'B' })]);
    expect([cache.vehicles.has('A'), cache.vehicles.has('B'), cache.vehicles.has('C'), cache.vehicles.has('')]).toEqual([true, true, false, false]);
    // The JSON row gone (as damage would take it): the listing is still known to be there.
    sqlOf(cache).prepare('DELETE FROM vehicle_json WHERE vehicle_id = (SELECT id FROM vehicles WHERE reference = ?)').run('A');
    expect(cache.vehicles.has('A')).toBe(true);
    expect(cache.vehicles.rawJsonOf('A')).toBeNull();
    cache.vehicles.remove('B');
    expect(cache.vehicles.has('B')).toBe(false);
  });

  it("reads every cover, every JSON text and one listing's JSON, in the order listings were first cached", () => {
    const b = portalVehicle({ reference: 'B' });
    upsert(cache, [b, portalVehicle({ reference: 'A', pictures: [] })]);
    expect(cache.vehicles.covers()).toEqual([{ reference: 'B', source: 'https://cdn.portal.example/B/1.jpg' }]);
    expect([...cache.vehicles.rawJsons()].map((r) => r.reference)).toEqual(['B', 'A']);
    expect(cache.vehicles.rawJsonOf('B')).toBe(JSON.stringify(b));
    expect(cache.vehicles.rawJsonOf('nope')).toBeNull();
  });
});

const offline = { code: 'portal.offline' };

describe('the pending-change ledger', () => {
  it("answers which listings have a change open, how many wait to be sent, and each listing's changes", () => {
    expect(cache.ledger.openOf(['A'])).toEqual(new Map());
    const a = createChanges(cache).save('unpublish', 'A', {});
    cache.ledger.markFailed(a.id, offline, false);
    clock.advance(1000);
    const b = createChanges(cache).save('unpublish', 'B', {});
    expect(cache.ledger.unsentCount()).toBe(2);
    expect([...cache.ledger.openOf(['A', 'C'])].map(([r, cs]) => [r, cs.map((c) => [c.createdAt, c.status, c.lastError])])).toEqual([
      ['A', [[a.createdAt, 'pending', offline]]],
    ]);
    expect(cache.ledger.openOf([])).toEqual(new Map());
    cache.ledger.markSent(b.id);
    expect(cache.ledger.unsentCount()).toBe(1);
    expect(
      cache.ledger
        .openOf(['B'])
        .get('B')
        ?.map((c) => c.status),
    ).toEqual(['sent']);
    const again = createChanges(cache).save('unpublish', 'B', {});
    expect(cache.ledger.of('B').map((e) => [e.id, e.status, e.attempts])).toEqual([
      [b.id, 'sent', 1],
      [again.id, 'pending', 0],
    ]);
    expect(cache.ledger.of('C')).toEqual([]);
  });

  it('queues an unpublish once, survives reopening, and records attempts', () => {
    const first = createChanges(cache).save('unpublish', 'A', {});
    expect(createChanges(cache).save('unpublish', 'A', {}).id).toBe(first.id);
    cache.close();
    cache = openTestCache(t, clock);
    expect(cache.ledger.unsent().map((e) => e.reference)).toEqual(['A']);
    cache.ledger.markFailed(first.id, offline, false);
    expect(cache.ledger.unsent()[0]).toMatchObject({ attempts: 1, lastError: offline, status: 'pending' });
    cache.ledger.markSent(first.id);
    expect(cache.ledger.unsent()).toEqual([]);
    const refused = createChanges(cache).save('unpublish', 'B', {});
    cache.ledger.markFailed(refused.id, { code: 'portal.validationSaid', params: { portalMessage: 'Veículo não encontrado' } }, true);
    expect(cache.ledger.recent().map((e) => [e.reference, e.status])).toEqual([
      ['B', 'refused'],
      ['A', 'sent'],
    ]);
  });
});

describe('sync runs and meta', () => {
  it('records runs with counts and errors', () => {
    const id = cache.runs.start('incremental');
    clock.advance(5000);
    cache.runs.finish(id, 'failed', { pages: 3 }, { kind: 'offline', message: 'The portal could not be reached.', code: 'portal.offline' });
    expect(cache.runs.get(id)).toEqual({
      id,
      kind: 'incremental',
      startedAt: '2025-03-01T12:00:00.000Z',
      endedAt: '2025-03-01T12:00:05.000Z',
      outcome: 'failed',
      counts: { pages: 3 },
      error: { kind: 'offline', message: 'The portal could not be reached.', code: 'portal.offline' },
      dataProblems: [],
    });
    expect(cache.runs.lastSuccessful()).toBeNull();
    expect(cache.runs.recent()).toHaveLength(1);
  });

  it('a run recorded before requests were counted by kind still reads: its one count stays where it was, the others read 0', () => {
    const old = cache.runs.start('incremental');
    // As stored then: every request sent from the outbox counted as unpublishSent.
    sqlOf(cache)
      .prepare('UPDATE sync_runs SET ended_at = started_at, outcome = ?, counts = ? WHERE id = ?')
      .run('ok', JSON.stringify({ added: 1, changed: 0, removed: 0, droppedByPortal: 0, failed: 1, unpublishSent: 2, unpublishFailed: 1 }), old);
    const report = toSyncRunReport(cache.runs.get(old) ?? expect.fail('no run'));
    expect(report.counts).toEqual({
      added: 1,
      changed: 0,
      removed: 0,
      // Before sales were counted apart: none.
      sold: 0,
      droppedByPortal: 0,
      failed: 1,
      unpublishSent: 2,
      publishSent: 0,
      highlightSent: 0,
      unhighlightSent: 0,
    });
    expect(report.notes).toEqual(['2 queued unpublishes sent.', '1 unpublish request refused by the portal.']);
    // A run of today, by kind, in the dealer's language too.
    const now = cache.runs.start('incremental');
    cache.runs.finish(now, 'succeeded', { added: 0, publishSent: 1, highlightSent: 3, highlightFailed: 1, failed: 1 });
    const today = toSyncRunReport(cache.runs.get(now) ?? expect.fail('no run'));
    expect(today.counts).toMatchObject({ unpublishSent: 0, publishSent: 1, highlightSent: 3, unhighlightSent: 0, failed: 1 });
    expect(notesOf(today.details, 'pt-BR')).toEqual([
      '1 publicação da fila enviada.',
      '3 destaques da fila enviados.',
      '1 pedido de destaque recusado pelo portal.',
    ]);
  });

  it('keeps the items a run could not identify, the first DATA_PROBLEMS_KEPT of them', () => {
    const id = cache.runs.start('full');
    const problems = Array.from({ length: DATA_PROBLEMS_KEPT + 5 }, (_, i) => ({ problem: 'no_reference' as const, excerpt: `{"title":"car ${i}"}` }));
    cache.runs.setDataProblems(id, problems);
    cache.runs.finish(id, 'succeeded', { unidentified: problems.length });
    expect(cache.runs.get(id)?.dataProblems).toEqual(problems.slice(0, DATA_PROBLEMS_KEPT));
    expect(cache.runs.get(id)?.counts.unidentified).toBe(DATA_PROBLEMS_KEPT + 5);
  });

  it('keeps small account facts', () => {
    cache.meta.setJson('portal_total_items', 1234);
    expect(cache.meta.getJson('portal_total_items')).toBe(1234);
    cache.meta.set('portal_total_items', null);
    expect(cache.meta.get('portal_total_items')).toBeNull();
  });
});
