// The sync engine (design.md, "Sync"): sends the pending changes, reads the plan, pulls the listings in a
// full or incremental pass that commits whole or not at all, then runs the photo step. One sync
// at a time; progress streams as it goes; a cancel or a failure leaves the previous snapshot.
import { toErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import { parseVehicle } from '../../shared/vehicle';
import {
  PUBLICATION_ACTIONS,
  type PublicationAction,
  type PublicationOutcome,
  type SyncDataProblem,
  type SyncKind,
  type SyncProgress,
} from '../../shared/views';
import type { Cache, SyncCounts, SyncPass } from '../cache';
import type { PortalClient, WaitEvent } from '../portal';
import { Collector } from './collector';
import { note, type Details, type SyncContext } from './context';
import { fullSweep, verifyReferences } from './full-sweep';
import { readChanges } from './incremental';
import type { Plan } from '../../shared/plan';
import { storePlan } from './plan';
import type { CatalogueMirror } from './catalogue';
import { throwIfCancelled } from '../base/pool';
import { lockSync, type SyncHolder } from './lock';
import { ProgressTracker } from './progress';
import { createChanges } from '../changes/ledger';
import { createCreates, type Creates } from './creates';
import { createEdits, type Edits } from './edits';
import { createPublications, type FlushResult } from './publications';
import { createSales, type Sales } from './sales';
import { requestsSent } from '../../shared/sync-notes';
import { toSyncRunReport, type SyncRunReport } from './run-view';

export { readCachedPlan, storePlan, PLAN_META_KEY, type CachedPlan } from './plan';
export { toSyncRunReport, type SyncRunReport } from './run-view';
export { syncChangesView } from './changes-view';
export { publicationRoom } from './room';
export { createCatalogueMirror, CATALOGUE_READ_EVERY_MS, CATALOGUE_META_KEY, type CatalogueMirror } from './catalogue';

export interface PhotoStep {
  syncPhotos(opts: {
    scope: 'covers' | 'all';
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
  }): Promise<{ done: number; failed: number; total: number }>;
}

export interface SyncEngineDeps {
  cache: Cache;
  portal: PortalClient;
  /** Photo step after a committed pass; optional (absent in CLI --no-photos and some tests). */
  photos?: PhotoStep;
  settings?: () => { photos: 'covers' | 'all' };
  /** The catalogue mirror (catalogue.ts): read after the listings are committed, at most once a day. */
  catalogue?: Pick<CatalogueMirror, 'syncIfDue'>;
  /** Throttled to about 10 events a second; phase changes and the final event always go out. */
  onProgress?: (p: SyncProgress) => void;
  now?: () => number;
  /** Page requests in flight at once (default 6); the portal client's pacer keeps them within the rate limit. */
  concurrency?: number;
  /** `limit` asked for on list requests (default 100; the portal clamps it, production to 50). */
  pageLimit?: number;
  /** How far before what the cache had an incremental pass reads again (default 5 min). */
  overlapMs?: number;
  /** Unpublishes waiting for confirmation re-read one by one at each incremental sync (default 25). */
  maxPendingChecks?: number;
  /** Listings whose address is overdue, read again per incremental sync (default 25). */
  maxUrlChecks?: number;
  /** Rounds of re-reads when pages shift during a full sweep (default 4). */
  maxRepairRounds?: number;
  /** References checked one by one after a sweep whose pages shifted (default 200). */
  maxVerify?: number;
  /** Parallel unpublish requests (default 4). */
  unpublishConcurrency?: number;
  /** 'auto' reads every page again when the last full pass is older than this (default FULL_CHECK_EVERY_MS). */
  fullCheckEveryMs?: number;
  /** Named to another process that finds this one syncing the same account (default 'the app'). */
  holder?: SyncHolder;
}

/**
 * How often 'auto' makes a sync a full one: a safety net for what reading the newest changes
 * cannot see (an edit whose updatedAt did not move, a removal and an addition that keep the total).
 */
export const FULL_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

export interface SyncEngine {
  /** One sync at a time per account, across processes: a second one (here or in another process) throws AppError('busy') naming who runs the first. kind 'auto' (default): incremental when a full pass has succeeded within FULL_CHECK_EVERY_MS, else full. A failed or cancelled sync resolves with its record (outcome and error). */
  run(options?: { kind?: 'full' | 'incremental' | 'auto'; signal?: AbortSignal }): Promise<SyncRunReport>;
  /** Cancels the running sync (its pass is abandoned, the previous snapshot stays). No-op when idle. */
  cancel(): void;
  readonly current: SyncProgress | null;
  /** Unpublish, publish again, highlight on or off: sent now, or queued when the portal does not answer; one outcome per reference, in order. */
  request(action: PublicationAction, references: string[], options?: { signal?: AbortSignal }): Promise<PublicationOutcome[]>;
  /** Sends the pending changes waiting in the ledger; run() calls it first. */
  flushChanges(options?: { signal?: AbortSignal }): Promise<FlushResult>;
  /** Listing edits: saved, then sent now when the portal answers (sync/edits.ts). */
  readonly edits: Edits;
  /** Marking listings as sold: saved, sent at the next sync or at once (sync/sales.ts). */
  readonly sales: Sales;
  /** New listings: saved (drafts while offline), then sent now when the portal answers (sync/creates.ts). */
  readonly creates: Creates;
  /** Feed the portal client's `onWait` here so progress shows rate-limit waits and retry backoffs. */
  noteWait(event: WaitEvent): void;
}

export const SYNC_META_KEYS = {
  /** ISO time of the last successful full pass (decides 'auto'). */
  lastFullAt: 'sync.last_full_at',
  /** Newest updatedAt at the start of the last successful sync: where the next incremental pass looks back from. */
  headUpdatedAt: 'sync.head_updated_at',
} as const;

const DEFAULT_OVERLAP_MS = 5 * 60_000;

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { cache, portal } = deps;
  const now = deps.now ?? Date.now;
  let running: { controller: AbortController; progress: ProgressTracker } | null = null;

  const noteRateLimit = () => {
    const snapshot = portal.rateLimit();
    const left = snapshot ? snapshot.resetAt - Date.now() : 0;
    if (snapshot && snapshot.remaining <= 0 && left > 0) running?.progress.waiting(left, 'rate_limit');
  };

  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      noteRateLimit();
    }
  }

  const publications = createPublications({ cache, portal, call, concurrency: deps.unpublishConcurrency ?? 4 });
  // One delivery for both: a change is never sent twice at once by a request and a flush.
  const edits = createEdits({ cache, portal, call, concurrency: deps.unpublishConcurrency ?? 4, delivery: publications.delivery });
  const sales = createSales({ cache, portal, call, concurrency: deps.unpublishConcurrency ?? 4, delivery: publications.delivery });
  const creates = createCreates({ cache, portal, call, concurrency: deps.unpublishConcurrency ?? 4, delivery: publications.delivery });
  const changes = createChanges(cache);

  function decideKind(requested: 'full' | 'incremental' | 'auto'): { kind: SyncKind; scheduled: boolean } {
    if (requested !== 'auto') return { kind: requested, scheduled: false };
    const lastFull = cache.meta.get(SYNC_META_KEYS.lastFullAt);
    if (lastFull === null || cache.vehicles.latestUpdatedAt() === null) return { kind: 'full', scheduled: false };
    // A clock set back makes the age negative: that is not "recent", check again.
    const age = now() - Date.parse(lastFull);
    const recent = age >= 0 && age < (deps.fullCheckEveryMs ?? FULL_CHECK_EVERY_MS);
    return recent ? { kind: 'incremental', scheduled: false } : { kind: 'full', scheduled: true };
  }

  async function run(options: { kind?: 'full' | 'incremental' | 'auto'; signal?: AbortSignal } = {}): Promise<SyncRunReport> {
    if (running) throw codedError('busy', { code: 'sync.running' });
    const controller = new AbortController();
    const onOuterAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    else options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const decided = decideKind(options.kind ?? 'auto');
    let kind = decided.kind;
    // An explicit incremental sync on an empty cache has nothing to start from.
    if (kind === 'incremental' && cache.vehicles.latestUpdatedAt() === null) kind = 'full';
    const progress = new ProgressTracker({ runId: '', kind, onProgress: deps.onProgress });
    running = { controller, progress };
    let lock: Awaited<ReturnType<typeof lockSync>> = null;
    try {
      // A lost lock (its refresh failed for seconds) lets another sync start: SQLite still keeps
      // each pass whole, so this one carries on rather than throw away its work.
      lock = await lockSync(cache.file, deps.holder ?? 'the app');
      return await execute(kind, controller.signal, progress, decided.scheduled);
    } finally {
      await lock?.release();
      running = null;
      progress.dispose();
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function execute(kind: SyncKind, signal: AbortSignal, progress: ProgressTracker, scheduled: boolean): Promise<SyncRunReport> {
    const requestsBefore = portal.stats().requests;
    const details: Details = {};
    if (scheduled) note(details, 'scheduledFull');
    const pass = cache.passes.begin(kind);
    // Every listing this pass reads, it reads after this (the links they show are as of then at the earliest).
    const readSince = now();
    progress.setRunId(String(pass.runId));
    const collector = new Collector();
    collector.attach(pass);
    const ctx: SyncContext = { portal, signal, concurrency: Math.max(1, deps.concurrency ?? 6), pageLimit: deps.pageLimit ?? 100, progress, details, call };
    const figures = (): Partial<SyncCounts> => ({
      ...details,
      pages: progress.current.pagesDone,
      requests: portal.stats().requests - requestsBefore,
      failed: PUBLICATION_ACTIONS.reduce((sum, action) => sum + (details[`${action}Failed`] ?? 0), 0),
      ...requestsSent(details),
    });
    let committed = false;
    try {
      progress.start();
      const flushed = await publications.flush({ signal });
      for (const action of PUBLICATION_ACTIONS) {
        const sent = flushed.sent[action] ?? 0;
        const failed = flushed.failed[action] ?? 0;
        if (sent > 0) note(details, `${action}Sent`, sent);
        if (failed > 0) note(details, `${action}Failed`, failed);
      }
      throwIfCancelled(signal);

      progress.phase('plan');
      const plan = await readPlan(ctx);

      progress.phase('pages');
      const removed = new Set<string>();
      let headUpdatedMs: number;
      let removeUnseen = false;
      const isCached = (reference: string) => cache.vehicles.has(reference);
      const sweepOptions = (collector: Collector) => ({
        wasCached: isCached,
        previousReferences,
        keepPrevious: (references: string[]) => keepPrevious(collector, references),
        maxRepairRounds: deps.maxRepairRounds,
        maxVerify: deps.maxVerify,
      });
      if (kind === 'incremental') {
        const changes = await readChanges({ ctx, collector, sinceMs: incrementalSince(), cachedCount: cache.countVehicles({}), isCached });
        headUpdatedMs = changes.headUpdatedMs;
        if (changes.needsFullSweep) {
          note(details, 'upgradedToFull');
          const sweep = await fullSweep({ ctx, collector, head: changes.head, ...sweepOptions(collector) });
          for (const r of sweep.removed) removed.add(r);
          removeUnseen = true;
        } else {
          await checkPendingUnpublishes(ctx, collector, removed);
          await checkLateListingUrls(ctx, collector, removed);
          // Everything else is known unchanged: the whole stock is accounted for.
          progress.update({ vehiclesDone: changes.total, vehiclesTotal: changes.total });
        }
      } else {
        const sweep = await fullSweep({ ctx, collector, ...sweepOptions(collector) });
        headUpdatedMs = sweep.headUpdatedMs;
        for (const r of sweep.removed) removed.add(r);
      }
      throwIfCancelled(signal);
      // Never stored as listings (collector.ts): counted, and kept with the run for the history.
      const unidentified = collector.unidentified;
      if (unidentified.length > 0) details.unidentified = unidentified.length;

      const fullRead = kind === 'full' || removeUnseen;
      const meta: Array<[string, string | null]> = [
        [SYNC_META_KEYS.headUpdatedAt, Number.isFinite(headUpdatedMs) ? new Date(headUpdatedMs).toISOString() : null],
      ];
      if (fullRead) meta.push([SYNC_META_KEYS.lastFullAt, new Date(now()).toISOString()]);
      // Requests the portal accepted whose listing this sync read: not found as asked long after, they were not applied.
      const awaitingRead = cache.ledger.awaitingConfirmation().filter((r) => collector.has(r));
      // The portal takes listings off itself only when the plan is exceeded, which leaves no slot free.
      const planFull = plan !== null && plan.available.adsQuantity <= 0;
      const counts = commitPass(pass, removed, removeUnseen, figures(), meta, unidentified, awaitingRead, planFull, readSince);
      committed = true;

      // Never fails the sync: a catalogue the portal cannot give now is read at the next one.
      if (deps.catalogue) await deps.catalogue.syncIfDue({ signal });

      if (deps.photos) {
        progress.phase('photos');
        await photoStep(deps.photos, signal, progress, details);
        cache.runs.finish(pass.runId, 'succeeded', {
          ...counts,
          ...figures(),
          added: counts.added ?? 0,
          changed: counts.changed ?? 0,
          removed: counts.removed ?? 0,
          sold: counts.sold ?? 0,
        });
      }
    } catch (error) {
      const shape = toErrorShape(error);
      if (!committed) {
        const outcome = shape.kind === 'cancelled' ? 'cancelled' : 'failed';
        const error = outcome === 'failed' ? shape : null;
        pass.abandon(outcome, error, figures());
        // A failure inside the commit's own transaction rolled its record back with it.
        if (cache.runs.get(pass.runId)?.endedAt === null) cache.runs.finish(pass.runId, outcome, figures(), error);
      } else {
        note(details, 'photosError');
      }
    } finally {
      progress.finish();
    }
    const record = cache.runs.get(pass.runId);
    if (!record) throw codedError('internal', { code: 'app.internal' }, { reason: 'sync_record_missing', runId: pass.runId });
    return toSyncRunReport(record);
  }

  /** Phase 'plan': the plan is kept for the Plan screen; a plan we cannot read does not stop the sync (null). */
  async function readPlan(ctx: SyncContext): Promise<Plan | null> {
    try {
      const plan = await ctx.call(() => portal.getPlan({ signal: ctx.signal }));
      storePlan(cache, plan, new Date(now()).toISOString());
      return plan;
    } catch (error) {
      const kind = toErrorShape(error).kind;
      if (kind !== 'invalid_response' && kind !== 'not_found') throw error;
      note(ctx.details, 'planFailed');
      return null;
    }
  }

  /** Where an incremental pass may stop: before the newest listing we had, and before the head of the last sync. */
  function incrementalSince(): number {
    const overlap = deps.overlapMs ?? DEFAULT_OVERLAP_MS;
    const newest = Date.parse(cache.vehicles.latestUpdatedAt() ?? '');
    const head = Date.parse(cache.meta.get(SYNC_META_KEYS.headUpdatedAt) ?? '');
    const anchor = Math.min(Number.isFinite(newest) ? newest : Number.NEGATIVE_INFINITY, Number.isFinite(head) ? head : Number.POSITIVE_INFINITY);
    return anchor - overlap;
  }

  /** Every reference of the inventory as it was before this sync, a window at a time. */
  function* previousReferences(): Generator<string> {
    const size = 500;
    for (let offset = 0; ; offset += size) {
      const rows = cache.queryVehicles({ sort: { field: 'reference', dir: 'asc' }, window: { offset, limit: size } }).rows;
      for (const row of rows) yield row.reference;
      if (rows.length < size) return;
    }
  }

  /** Stages the inventory's own copy of listings the sweep could not settle: they stay as last seen. */
  function keepPrevious(collector: Collector, references: string[]): void {
    for (const reference of references) {
      const text = cache.vehicles.rawJsonOf(reference);
      if (text === null) continue;
      const raw = JSON.parse(text) as unknown;
      collector.add([{ ...parseVehicle(raw), raw }]);
    }
  }

  /** Requests the portal has not confirmed yet: read each again (bounded) so "pending" resolves even if no updatedAt moved. */
  async function checkPendingUnpublishes(ctx: SyncContext, collector: Collector, removed: Set<string>): Promise<void> {
    const limit = deps.maxPendingChecks ?? 25;
    if (limit <= 0) return;
    const rows = cache.queryVehicles({ filters: { portal: ['pending'] }, sort: { field: 'updatedAt', dir: 'asc' }, window: { offset: 0, limit } }).rows;
    const awaiting = [...rows.map((r) => r.reference), ...cache.ledger.awaitingConfirmation()];
    const references = [...new Set(awaiting)].filter((r) => !collector.has(r)).slice(0, limit);
    await verifyReferences(ctx, collector, references, removed, 'pendingChecked');
  }

  /**
   * The portal gives a listing its address up to 45 minutes after an insert or edit, or updates
   * it as late, without touching `updatedAt`, so reading the changes never sees it arrive. Each
   * listing read before then is remembered with the time its link is due (the cache's
   * link_due_ms, set by the pass's commit); once due, it is read again by reference, a bounded
   * few per sync (the longest due first), and forgotten once a read after that time has it.
   */
  async function checkLateListingUrls(ctx: SyncContext, collector: Collector, removed: Set<string>): Promise<void> {
    const limit = deps.maxUrlChecks ?? 25;
    if (limit <= 0) return;
    const references = cache.vehicles.linksDue(now(), limit).filter((r) => !collector.has(r));
    await verifyReferences(ctx, collector, references, removed, 'urlChecked');
  }

  function commitPass(
    pass: SyncPass,
    removed: Set<string>,
    removeUnseen: boolean,
    extra: Partial<SyncCounts>,
    meta: Array<[string, string | null]>,
    dataProblems: SyncDataProblem[],
    awaitingRead: readonly string[],
    planFull: boolean,
    readSince: number,
  ): Partial<SyncCounts> {
    const cachedBefore = new Set([...removed].filter((r) => cache.vehicles.has(r)));
    return cache.transaction(() => {
      const result = pass.commit(extra, { planFull, readSince });
      let added = result.counts.added;
      /** The listings this pass found gone: removed, or sold when a sale of theirs is confirmed below. */
      const gone = new Set(result.removedReferences);
      // An incremental sync that had to sweep every page finds removals the way a full pass does.
      if (removeUnseen) {
        cache.changes.recordNotSeen(pass.runId);
        for (const reference of cache.vehicles.removeNotSeen(pass.runId)) gone.add(reference);
      }
      // Read during this pass, then found gone when checked one by one.
      for (const reference of removed) {
        // What changed says so too: removed, or (added by this pass) never there for the dealer.
        if (cachedBefore.has(reference)) cache.changes.recordRemoved(pass.runId, reference);
        else cache.changes.forget(pass.runId, reference);
        if (!cache.vehicles.remove(reference, { departed: cachedBefore.has(reference) })) continue;
        if (cachedBefore.has(reference)) gone.add(reference);
        else added--;
      }
      // A change the portal accepted is confirmed by the read that shows it (a refused one, found as asked, stops mattering).
      // A sale confirmed by a listing found gone before this pass was counted removed by the pass that found it.
      const sold = changes.settleByRead().sold.filter((reference) => gone.has(reference)).length;
      const removedCount = gone.size - sold;
      const notApplied = changes.markNotApplied(awaitingRead);
      const counts: Partial<SyncCounts> = { ...extra, ...result.counts, added, removed: removedCount, sold, ...(notApplied > 0 ? { notApplied } : {}) };
      if (removedCount !== result.counts.removed || sold > 0 || added !== result.counts.added || notApplied > 0)
        cache.runs.finish(pass.runId, 'succeeded', counts);
      for (const [key, value] of meta) cache.meta.set(key, value);
      if (dataProblems.length > 0) cache.runs.setDataProblems(pass.runId, dataProblems);
      return counts;
    });
  }

  async function photoStep(photos: PhotoStep, signal: AbortSignal, progress: ProgressTracker, details: Details): Promise<void> {
    const scope = deps.settings?.().photos ?? 'covers';
    try {
      const result = await photos.syncPhotos({ scope, signal, onProgress: (done, total) => progress.update({ photosDone: done, photosTotal: total }) });
      details.photosDone = result.done;
      details.photosTotal = result.total;
      if (result.failed > 0) details.photosFailed = result.failed;
    } catch (error) {
      // The inventory is committed; photos continue at the next sync.
      note(details, toErrorShape(error).kind === 'cancelled' ? 'photosCancelled' : 'photosError');
    }
  }

  return {
    run,
    cancel() {
      running?.controller.abort();
    },
    get current() {
      return running ? running.progress.current : null;
    },
    request: (action, references, options) => publications.request(action, references, options),
    flushChanges: (options) => publications.flush(options),
    edits,
    sales,
    creates,
    noteWait(event) {
      running?.progress.waiting(event.ms, event.reason);
    },
  };
}
