// One open account, in this thread: its cache, portal client, photo cache, sync engine and outbox,
// and its portal status. It knows nothing of IPC: the app's handlers and the CLI's commands are
// thin adapters over it, and worker.ts hosts it off the main thread.
import { dirname } from 'node:path';
import { toErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import { planUsage, type Plan } from '../../shared/plan';
import type { PhotoView, PlanView, PublicationAction, PublicationOutcome } from '../../shared/views';
import { META_KEYS, openCache, type Cache } from '../cache';
import { exportInventory, exportSold, type ExportProgress, type ExportResult } from '../export';
import { createPhotoCache } from '../photos';
import { createPortalClient } from '../portal';
import { nodeFetch } from '../base/node-fetch';
import {
  createCatalogueMirror,
  createSyncEngine,
  publicationRoom,
  readCachedPlan,
  storePlan,
  syncChangesView,
  toSyncRunReport,
  type SyncRunReport,
} from '../sync';
import { adoptLegacyPhotos } from './photo-folder';
import { endedRun } from './run-record';
import { createPortalStatus } from './portal-status';
import { watchTimeChanges } from './time-changes';
import { whyMatched } from './why-matched';
import { systemClock } from '../cache/clock';
import type { AccountSession, AccountSessionSpec, SessionEvent, SessionHost, SessionListener, SyncStarted, SyncStartOptions } from './types';
import { requestsOf } from './publication-view';
import { toRowView, vehicleDetailView } from './views';
import { ensurePrivateDir, tightenEntriesSync } from '../base/private-files';
import { createChanges } from '../changes/ledger';
import { pendingChangeViews } from '../changes/view';
import { createRepricing } from '../changes/reprice';

const megabytes = (mb: number): number => mb * 1024 * 1024;

const planView = (plan: Plan, fetchedAt: string, live: boolean): PlanView => ({ usage: planUsage(plan), raw: plan, fetchedAt, live });

/**
 * The inventory's hot path (the list, its facets, its headline numbers, the insights, counted over
 * the same in-memory snapshot): the session's, or a reader thread's alone.
 */
export function inventoryReads(cache: Cache): Pick<AccountSession, 'query' | 'facets' | 'summary' | 'insights' | 'suggestSearch'> {
  return {
    async query(query) {
      const result = cache.queryVehicles(query);
      const references = result.rows.map((r) => r.reference);
      const requests = requestsOf(cache, references);
      const text = query.text ?? '';
      // A text search says why a row matched when the row does not show it; the window's listings only.
      const listings = text.trim() === '' ? null : cache.listingsOf(references);
      return {
        total: result.total,
        rows: result.rows.map((row) => {
          const view = toRowView(row, requests(row.reference));
          const matchedIn = listings === null ? null : whyMatched(text, [row.title, row.brand, row.trim].join(' '), listings.get(row.reference));
          return matchedIn === null ? view : { ...view, matchedIn };
        }),
      };
    },
    facets: async (query) => cache.facetCounts({ text: query.text, filters: query.filters }),
    summary: async () => cache.summary(),
    insights: async () => cache.insights(),
    suggestSearch: async (text) => cache.suggestSearch(text),
  };
}

interface Running {
  /** Rejects when the engine refused to start. */
  runId: Promise<string>;
  automatic: boolean;
  done: Promise<SyncRunReport>;
}

export async function openAccountSession(spec: AccountSessionSpec, host: SessionHost): Promise<AccountSession> {
  const { paths, accountId } = spec;
  const log = host.log;
  const moved = await adoptLegacyPhotos(paths.legacyPhotosDir, paths.photosDir);
  if (moved !== 'nothing') log.info('session: photo cache moved to the cache folder', { account: accountId, outcome: moved });
  // Two folders: the account's (the database) and its photo cache's, which may be elsewhere.
  await Promise.all([ensurePrivateDir(paths.folder, dirname(paths.folder)), ensurePrivateDir(paths.photosDir, paths.photosRoot)]);
  // What an earlier version created in the account's folder (the cache files, the search index) is tightened.
  tightenEntriesSync(paths.folder);
  const clock = host.clock ?? systemClock;
  const cache = openCache(paths.cacheFile, { clock });
  const fetch = host.fetch ?? nodeFetch(spec.env ?? {});
  const listeners = new Set<SessionListener>();
  const emit = (event: SessionEvent) => {
    if (closed) return;
    for (const listener of listeners) listener(event);
    if (event.type === 'changed' && event.reason !== 'time') timeChanges.arm();
  };
  const timeChanges = watchTimeChanges({ changesAt: () => cache.countsChangeAt(), clock, onChange: () => emit({ type: 'changed', reason: 'time' }) });
  timeChanges.arm();
  const controller = new AbortController();
  const exports = new Set<AbortController>();
  const tasks = new Set<Promise<unknown>>();
  const background = (task: Promise<unknown>) => {
    const tracked = task.catch((error: unknown) => log.debug('session: background task failed', { error: String(error) })).finally(() => tasks.delete(tracked));
    tasks.add(tracked);
  };
  let closed = false;
  let settings = spec.settings;
  /** Runs one export with its progress sent as events and its own signal, so the dealer's Cancel stops this export only; closing the account stops it too. */
  const exporting = (write: (running: { signal: AbortSignal; onProgress: (progress: ExportProgress) => void }) => Promise<ExportResult>) => {
    const stop = new AbortController();
    exports.add(stop);
    const signal = AbortSignal.any([controller.signal, stop.signal]);
    const writing = write({ signal, onProgress: (progress) => emit({ type: 'exportProgress', progress }) }).finally(() => exports.delete(stop));
    // Closing waits for it: a stopped export removes its partial file before the database closes.
    background(writing);
    return writing;
  };

  const status = createPortalStatus(cache.meta);
  status.subscribe((next) => emit({ type: 'status', status: next }));
  const portal = createPortalClient({
    baseUrl: spec.baseUrl,
    fetch,
    integrationToken: () => host.integrationToken(),
    onResponse: (event) => status.noteResponse(event),
    onError: (error) => status.noteError(error),
    // Rate-limit waits and retry backoffs show in the sync's progress.
    onWait: (event) => engine.noteWait(event),
  });
  const photos = createPhotoCache({
    cache,
    dir: paths.photosDir,
    budgetBytes: megabytes(settings.photoBudgetMB),
    portalBaseUrl: spec.baseUrl,
    ...(fetch && { fetch }),
  });
  let photoStep = true;
  const catalogue = createCatalogueMirror({ cache, portal });
  const engine = createSyncEngine({
    cache,
    portal,
    catalogue,
    photos: {
      syncPhotos: (options) => (photoStep ? photos.syncPhotos(options) : Promise.resolve({ done: 0, failed: 0, total: 0 })),
    },
    settings: () => ({ photos: settings.photos }),
    holder: spec.holder,
    onProgress: (progress) => {
      if (progress.runId !== '') announceRun?.(progress.runId);
      // The photo phase starts once the listings are committed: show them now rather than after
      // every cover has downloaded (minutes, on a first sync of a big stock).
      if (progress.phase === 'photos' && lastPhase !== 'photos') emit({ type: 'changed', reason: 'sync' });
      lastPhase = progress.phase;
      emit({ type: 'progress', progress });
    },
  });
  let lastPhase: string | null = null;
  let announceRun: ((runId: string) => void) | null = null;
  let running: Running | null = null;
  // One photo fetch per listing at a time: opening the same listing twice does not download twice.
  const fetchingPhotos = new Set<string>();

  function fetchPhotos(reference: string): void {
    if (status.get().online === false || fetchingPhotos.has(reference)) return;
    fetchingPhotos.add(reference);
    background(
      photos
        .ensureVehiclePhotos(reference, { signal: controller.signal })
        .then(() => emit({ type: 'changed', reason: 'photos' }))
        .catch((error: unknown) => {
          const kind = toErrorShape(error).kind;
          if (kind !== 'cancelled' && status.get().online !== false) log.warn('session: vehicle photos failed', { reference, kind });
        })
        .finally(() => fetchingPhotos.delete(reference)),
    );
  }

  async function startSync(options: SyncStartOptions): Promise<SyncStarted> {
    if (closed) throw codedError('cancelled', { code: 'session.closed' });
    if (running) {
      if (running.automatic && !options.automatic) return { runId: await running.runId, done: running.done };
      throw codedError('busy', { code: 'sync.running' });
    }
    photoStep = options.photos !== false;
    lastPhase = null;
    const startedAt = new Date().toISOString();
    // The run's id comes with its first progress (the engine records the run once it holds the lock).
    let announce!: (id: string) => void;
    const announced = new Promise<string>((resolve) => {
      announce = resolve;
    });
    announceRun = announce;
    const outcome = engine.run({ kind: options.kind, signal: controller.signal });
    const began = Promise.race([announced, outcome.then((run) => run.id)]);
    const done = began.then(
      (runId) =>
        outcome
          .catch((error: unknown) => {
            log.warn('session: sync failed', { kind: toErrorShape(error).kind });
            return endedRun(runId, toErrorShape(error), { kind: options.kind, startedAt });
          })
          .then((run) => {
            emit({ type: 'finished', run });
            if (run.outcome !== 'cancelled') emit({ type: 'changed', reason: 'sync' });
            return run;
          }),
      // Refused before it began (busy elsewhere, no token…): startSync says so; there is no run.
      () => null,
    );
    const current: Running = {
      runId: began,
      automatic: options.automatic === true,
      done: done.then(
        (run) =>
          run ??
          endedRun('', toErrorShape(codedError('internal', { code: 'app.internal' }, { reason: 'sync_not_started' })), { kind: options.kind, startedAt }),
      ),
    };
    running = current;
    background(
      done.finally(() => {
        if (running === current) running = null;
        if (announceRun === announce) announceRun = null;
      }),
    );
    return { runId: await began, done: current.done };
  }

  /** A change the dealer made: whatever came of it (even a failure may have saved it), the list shows it. */
  async function changing<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      emit({ type: 'changed', reason: 'publication' });
    }
  }

  async function requestPublication(action: PublicationAction, references: string[]): Promise<PublicationOutcome[]> {
    try {
      return await engine.request(action, references, { signal: controller.signal });
    } finally {
      // Even a partial failure may have queued or sent some: the list shows what happened.
      emit({ type: 'changed', reason: 'publication' });
    }
  }

  const session: AccountSession = {
    accountId,
    photosDir: paths.photosDir,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    portalStatus: () => status.get(),

    ...inventoryReads(cache),
    async vehicle(reference, options = {}) {
      const view = vehicleDetailView(cache, photos, reference);
      // A photo that failed is tried again when the dealer asks ('retry'), not on every read: each
      // fetch ends in a 'changed' that reads the listing again, which would fetch again.
      const fetchable = options.fetchPhotos === 'retry' ? (p: PhotoView) => p.cache !== 'cached' : (p: PhotoView) => p.cache === 'not_cached';
      if (options.fetchPhotos !== false && view.photos.some(fetchable)) fetchPhotos(reference);
      return view;
    },
    requestPublication,
    publicationRoom: async () => publicationRoom(cache),
    pendingChanges: async () => pendingChangeViews(cache),
    async discardChanges(target) {
      const discarded = createChanges(cache).discard(target);
      emit({ type: 'changed', reason: 'publication' });
      return pendingChangeViews(cache, discarded);
    },
    editListing: (reference, fields, origin) =>
      changing(() =>
        engine.edits.edit(reference, fields, {
          signal: controller.signal,
          onSaved: () => emit({ type: 'changed', reason: 'publication' }),
          ...(origin === undefined ? {} : { origin }),
        }),
      ),
    markSold: (references, { send }) => changing(() => engine.sales.sell(references, { send, signal: controller.signal })),
    priceHistory: async (reference) => cache.prices.historyOf(reference),
    departedListings: async (query) => cache.departed.query(query),
    sendPhotosAgain: (references) =>
      changing(async () => {
        const outcomes = [];
        for (const reference of references ?? engine.edits.photosAgainCandidates())
          outcomes.push(await engine.edits.photosAgain(reference, { signal: controller.signal }));
        return outcomes;
      }),
    photosAgainCandidates: async () => engine.edits.photosAgainCandidates(),
    resolveEdit: (reference, choice) => changing(() => engine.edits.resolve(reference, choice, { signal: controller.signal })),
    previewReprice: async (scope, rule, limit) => createRepricing(cache).preview(scope, rule, limit),
    confirmReprice: (scope, rule) => changing(async () => createRepricing(cache).confirm(scope, rule)),
    repriceBatch: async (batch) => createRepricing(cache).status(batch),
    discardReprice: (batch) => changing(async () => createRepricing(cache).discard(batch)),
    createListing: (fields, replaces) =>
      changing(() => engine.creates.create(fields, { ...(replaces === undefined ? {} : { replaces }), signal: controller.signal })),
    newListings: async () => engine.creates.list(),

    startSync,
    async cancelSync() {
      engine.cancel();
    },
    async syncStatus() {
      const lastRun = cache.runs.recent(10).find((r) => r.endedAt !== null) ?? null;
      return {
        running: running ? engine.current : null,
        lastRun: lastRun && toSyncRunReport(lastRun),
        lastSuccessAt: cache.runs.lastSuccessful()?.endedAt ?? cache.meta.get(META_KEYS.lastSyncAt),
        online: status.get().online,
        outboxSize: cache.ledger.unsentCount(),
      };
    },
    history: async (limit) => cache.runs.recent(limit).map(toSyncRunReport),
    changes: async (runId) => syncChangesView(cache, runId),
    async plan({ refresh }) {
      const cached = () => {
        const copy = readCachedPlan(cache);
        return copy && planView(copy.plan, copy.fetchedAt, false);
      };
      if (!refresh) return cached();
      try {
        const plan = await portal.getPlan({ signal: controller.signal });
        const fetchedAt = new Date().toISOString();
        // Kept as "the last known plan" for when the portal cannot be asked.
        storePlan(cache, plan, fetchedAt);
        return planView(plan, fetchedAt, true);
      } catch (error) {
        const shape = toErrorShape(error);
        const copy = shape.kind === 'cancelled' ? null : cached();
        if (copy) return { ...copy, notLiveBecause: shape };
        throw error;
      }
    },
    catalogue: async () => catalogue.view(),
    refreshCatalogue: (target) => catalogue.refresh(target, { signal: controller.signal }),
    accountState: async () => ({ lastSyncAt: cache.meta.get(META_KEYS.lastSyncAt), tokenRefusedAt: cache.meta.get(META_KEYS.tokenRefusedAt) }),

    async photo(id) {
      if (closed) return undefined;
      const file = photos.resolve(id);
      return file && { path: file.path, contentType: file.contentType };
    },
    photoUsage: async () => photos.usage(),
    async applySettings(next) {
      settings = next;
      photos.setBudget(megabytes(next.photoBudgetMB));
    },
    async tokenReplaced() {
      portal.resetSession();
      // The next answer says whether the new token is good; until then it is not "refused".
      cache.meta.set(META_KEYS.tokenRefusedAt, null);
    },

    identityNotice: async () => cache.identityNotice(),
    acknowledgeIdentityNotice: async () => cache.acknowledgeIdentityNotice(),
    clearStats: async () => ({ vehiclesRemoved: cache.summary().total, photoBytesFreed: cache.photos.cachedBytes() }),
    exportInventory: (options) => exporting((running) => exportInventory(cache, { ...options, ...running })),
    exportSold: (options) => exporting((running) => exportSold(cache, { ...options, ...running })),
    async cancelExport() {
      for (const stop of exports) stop.abort();
    },

    async close() {
      if (closed) return;
      closed = true;
      timeChanges.stop();
      controller.abort();
      engine.cancel();
      await Promise.allSettled([...tasks]);
      listeners.clear();
      cache.close();
      log.info('session: account closed', { account: accountId });
    },
  };
  log.info('session: account opened', { account: accountId });
  return session;
}
