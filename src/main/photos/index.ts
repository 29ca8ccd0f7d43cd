// The photo cache of one account: downloads the portal's pictures into `dir` (content-addressed
// files, see files.ts), keeps the bookkeeping in the cache's `photos` table, stays within a disk
// budget by evicting the least recently shown files, and resolves the opaque ids of the photo
// protocol to files that are provably inside `dir`.
//
// A photo that cannot be downloaded is recorded as failed with a sentence for the dealer; it
// never fails a sync. Definite refusals (4xx, not a picture, too large) are retried at most
// MAX_ATTEMPTS times by syncs; transient ones (offline, timeouts, 5xx) at every sync. Opening a
// vehicle online (ensureVehiclePhotos) retries its photos whatever happened before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { codedError } from '../../shared/i18n/messages';
import type { PhotoCacheStatus } from '../../shared/views';
import type { Cache, FileGroup, PhotoRecord } from '../cache';
import { isPlainRelativePath } from '../base/contained-path';
import { guardedFetch, photoHostPolicyFor } from './address-policy';
import { downloadImage, PhotoDownloadCancelled, PhotoDownloadError } from './download';
import { containedFile, deleteFile, emptyFolder, removeLeftovers, stageFile } from './files';
import { isImageType, type ImageType } from './image-type';
import { createLedger } from './ledger';
import { createLimiter, type QueuedJob } from './limiter';
import { trackStoredFiles } from './usage';
import { ensurePrivateDirSync } from '../base/private-files';

export const DEFAULT_MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Syncs stop retrying a photo the host definitely refused after this many tries. */
export const MAX_ATTEMPTS = 3;
/** After this many "could not reach the host" in a row, a sync stops asking that host. */
const UNREACHABLE_LIMIT = 2;

export interface PhotoCacheOptions {
  cache: Cache;
  /** The account's photo folder. */
  dir: string;
  budgetBytes: number;
  /** Default 10 MB. */
  maxPhotoBytes?: number;
  /** Downloads at once. Default 4. */
  concurrency?: number;
  /** Per attempt, for the answer and again for the body. Default 30 s. */
  timeoutMs?: number;
  /** Clock for "last used" (LRU). */
  now?: () => number;
  /** The account's portal address: photos may come from loopback only when it is on loopback (address-policy.ts). */
  portalBaseUrl: string;
  /** Passed to ky (proxies); default a fetch that checks every resolved address (address-policy.ts). */
  fetch?: typeof globalThis.fetch;
}

export interface PhotoSyncResult {
  /** Downloaded now. */
  done: number;
  /** Could not be downloaded (recorded per photo, see statusFor). */
  failed: number;
  /** Photos that needed a download. */
  total: number;
  /** Not tried: the budget is full, or the photo was evicted and there is no room for it. */
  skipped: number;
  /** Photos of the scope that were already in the cache. */
  cached: number;
}

/** A cached photo as the photo protocol serves it. */
export interface PhotoFile {
  /** Relative to the photo cache folder, '/'-separated: what the photo protocol's containment check expects. */
  path: string;
  contentType: string;
}

export interface ResolvedPhoto extends PhotoFile {
  /** The real path, checked to be inside the cache folder. */
  absolutePath: string;
  contentType: ImageType;
}

export interface PhotoStatusEntry {
  photoId: string;
  cache: PhotoCacheStatus;
  error: string | null;
}

export interface PhotoCache {
  /**
   * Registers every picture of every cached vehicle (cover = lowest order; 'all' = every picture)
   * and downloads what is missing, bounded, within the budget. Called by the sync engine after a
   * committed pass. `onProgress(processed, total)`. Rejects only with AppError 'cancelled'.
   */
  syncPhotos(opts: { scope: 'covers' | 'all'; signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<PhotoSyncResult>;
  /** On demand when a vehicle is opened online: download its pictures now (ahead of a sync's backlog); resolves when done or failed. */
  ensureVehiclePhotos(reference: string, opts?: { signal?: AbortSignal }): Promise<void>;
  /** For the photo protocol: opaque id → the file and its content type; marks it used. undefined when unknown, not cached, or outside the folder. */
  resolve(photoId: string): ResolvedPhoto | undefined;
  /** Opaque id for a picture source URL (registering it if new). */
  photoIdFor(sourceUrl: string, reference: string): string;
  /** Cache status per source for a vehicle's detail view. */
  statusFor(sourceUrls: string[]): Map<string, PhotoStatusEntry>;
  /** Evicts at once if over. */
  setBudget(bytes: number): void;
  /** Deletes the files, resets the bookkeeping (ids stay valid; every photo is pending again). */
  clear(): Promise<void>;
  usage(): { bytes: number; files: number; budgetBytes: number };
}

type Outcome = 'done' | 'failed' | 'skipped';
type Gate = () => 'go' | 'skip' | { fail: string };

interface FetchContext {
  urgent: boolean;
  signal?: AbortSignal;
  /** Checked when the download's turn comes. */
  gate?: Gate;
  onStored?: (relativePath: string) => void;
  onFailure?: (error: PhotoDownloadError) => void;
}

const ID = /^[1-9][0-9]{0,15}$/;

export function createPhotoCache(options: PhotoCacheOptions): PhotoCache {
  const { cache, dir } = options;
  const store = cache.photos;
  const ledger = createLedger(cache);
  const maxBytes = options.maxPhotoBytes ?? DEFAULT_MAX_PHOTO_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limiter = createLimiter(options.concurrency ?? DEFAULT_CONCURRENCY);
  const policy = photoHostPolicyFor(options.portalBaseUrl);
  const fetch = options.fetch ?? guardedFetch(policy);
  const nowIso = () => new Date((options.now ?? Date.now)()).toISOString();
  let budget = checkBudget(options.budgetBytes);
  /** Aborted by clear(): every download of the previous generation is dropped. */
  let lifetime = new AbortController();
  const inFlight = new Map<number, QueuedJob<Outcome>>();
  const stored = trackStoredFiles(() => store.fileRefs());
  ensurePrivateDirSync(dir);
  // Partial files of a download a kill cut short: never renamed into place, so never counted, but on disk.
  removeLeftovers(dir);

  function checkBudget(bytes: number): number {
    if (!Number.isFinite(bytes) || bytes < 0) throw codedError('bad_input', { code: 'accounts.photoBudgetInvalid' }, { budgetBytes: bytes });
    return Math.floor(bytes);
  }

  function recordFailure(id: number, error: PhotoDownloadError): void {
    if (error.transient) store.markFailedTransient(id, error.message);
    else store.markFailed(id, error.message);
  }

  function evictGroup(group: FileGroup): void {
    cache.transaction(() => {
      for (const id of group.ids) store.markEvicted(id);
    });
    for (const _ of group.ids) stored.removed(group.filePath);
    deleteFile(dir, group.filePath);
  }

  /** Evicts rows one by one; a file goes only when no cached row still uses it. */
  function evictRows(ids: readonly number[]): void {
    for (const id of ids) {
      const record = store.get(id);
      if (!record || record.status !== 'cached') continue;
      store.markEvicted(id);
      if (!record.filePath) continue;
      stored.removed(record.filePath);
      if (!store.isFileStillUsed(record.filePath)) deleteFile(dir, record.filePath);
    }
  }

  /**
   * Evicts least recently used files until the cache fits the budget; files in `protect` (what
   * the caller just stored) only as a last resort. Returns true when a protected file had to go:
   * the budget is full of the caller's own photos, and downloading more would only churn.
   */
  function enforceBudget(protect?: ReadonlySet<string>): boolean {
    let bytes = stored.usage().bytes;
    if (bytes <= budget) return false;
    const groups = store.filesByLastUse();
    const gone = new Set<string>();
    let hitProtected = false;
    for (const lastResort of [false, true]) {
      for (const group of groups) {
        if (bytes <= budget) return hitProtected;
        if (gone.has(group.filePath)) continue;
        const isProtected = protect?.has(group.filePath) ?? false;
        if (isProtected !== lastResort && protect) continue;
        if (isProtected) hitProtected = true;
        evictGroup(group);
        gone.add(group.filePath);
        bytes -= group.bytes;
      }
      if (!protect) break;
    }
    return hitProtected;
  }

  function fetchPhoto(record: PhotoRecord, ctx: FetchContext): Promise<Outcome> {
    const queued = inFlight.get(record.id);
    if (queued) {
      if (ctx.urgent) queued.promote();
      return queued.promise;
    }
    const generation = lifetime.signal;
    const job = limiter.run(async (): Promise<Outcome> => {
      if (generation.aborted || ctx.signal?.aborted) return 'skipped';
      const verdict = ctx.gate?.() ?? 'go';
      if (verdict === 'skip') return 'skipped';
      if (verdict !== 'go') {
        store.markFailedTransient(record.id, verdict.fail);
        return 'failed';
      }
      const signal = ctx.signal ? AbortSignal.any([generation, ctx.signal]) : generation;
      try {
        const image = await downloadImage(record.sourceUrl, { maxBytes, timeoutMs, signal, policy, fetch });
        const staged = await stageFile(dir, image.bytes, image.contentType);
        if (signal.aborted) {
          staged.discard();
          return 'skipped';
        }
        // Synchronous from here: no eviction can run between the rename and the bookkeeping.
        try {
          staged.commit();
          cache.transaction(() => {
            store.markCached(record.id, { filePath: staged.relativePath, contentHash: staged.hash, bytes: image.bytes.length, contentType: image.contentType });
            store.markUsedAt([record.id], nowIso());
          });
          stored.added(staged.relativePath, image.bytes.length);
        } catch (error) {
          staged.discard();
          throw error;
        }
        ctx.onStored?.(staged.relativePath);
        return 'done';
      } catch (error) {
        if (error instanceof PhotoDownloadCancelled || signal.aborted) return 'skipped';
        const failure =
          error instanceof PhotoDownloadError
            ? error
            : new PhotoDownloadError(
                `The photo could not be saved on this computer (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
                true,
              );
        recordFailure(record.id, failure);
        ctx.onFailure?.(failure);
        return 'failed';
      }
    }, ctx.urgent);
    inFlight.set(record.id, job);
    return job.promise.finally(() => inFlight.delete(record.id));
  }

  /** Registers sources per listing in one transaction; returns the records, each once. */
  function register(pictures: readonly { reference: string; source: string }[]): PhotoRecord[] {
    const byReference = new Map<string, string[]>();
    for (const p of pictures) {
      const list = byReference.get(p.reference);
      if (list) list.push(p.source);
      else byReference.set(p.reference, [p.source]);
    }
    const seen = new Map<number, PhotoRecord>();
    cache.transaction(() => {
      for (const [reference, sources] of byReference) for (const r of store.register(reference, sources)) seen.set(r.id, r);
    });
    return [...seen.values()];
  }

  const originOf = (source: string): string => {
    try {
      return new URL(source).origin;
    } catch {
      return '';
    }
  };

  return {
    async syncPhotos({ scope, signal, onProgress }) {
      if (signal?.aborted) throw codedError('cancelled', { code: 'photos.cancelled' });
      stored.reset();
      // Photos of listings the portal no longer has make room first.
      evictRows(store.orphanIds());
      const records = register(ledger.pictures(scope));
      const cached = records.filter((r) => r.status === 'cached').length;
      const wanted = records.filter((r) => r.status === 'pending' || r.status === 'evicted' || (r.status === 'failed' && r.attempts < MAX_ATTEMPTS));
      // New pictures first; evicted ones come back only when there is room for them.
      const order = { pending: 0, failed: 1, evicted: 2, cached: 3 } as const;
      wanted.sort((a, b) => order[a.status] - order[b.status] || a.id - b.id);

      const result: PhotoSyncResult = { done: 0, failed: 0, total: wanted.length, skipped: 0, cached };
      const mine = new Set<string>();
      let full = budget === 0;
      const unreachable = new Map<string, { count: number; message: string }>();
      let processed = 0;
      onProgress?.(0, result.total);

      await Promise.all(
        wanted.map((record) => {
          const origin = originOf(record.sourceUrl);
          const gate: Gate = () => {
            if (full) return 'skip';
            if (record.status === 'evicted' && stored.usage().bytes + (record.bytes ?? 0) > budget) return 'skip';
            const down = unreachable.get(origin);
            return down && down.count >= UNREACHABLE_LIMIT ? { fail: down.message } : 'go';
          };
          return fetchPhoto(record, {
            urgent: false,
            signal,
            gate,
            onStored: (path) => {
              unreachable.delete(origin);
              mine.add(path);
              if (enforceBudget(mine)) full = true;
            },
            onFailure: (error) => {
              if (!error.unreachable) return;
              const down = unreachable.get(origin);
              unreachable.set(origin, { count: (down?.count ?? 0) + 1, message: error.message });
            },
          }).then((outcome) => {
            if (outcome === 'done') result.done++;
            else if (outcome === 'failed') result.failed++;
            else result.skipped++;
            onProgress?.(++processed, result.total);
          });
        }),
      );
      if (signal?.aborted) throw codedError('cancelled', { code: 'photos.cancelled' });
      return result;
    },

    async ensureVehiclePhotos(reference, opts = {}) {
      const sources = ledger.picturesOf(reference);
      if (sources.length === 0) return;
      const records = register(sources.map((source) => ({ reference, source })));
      const missing = records.filter((r) => r.status !== 'cached' || !r.filePath || !existsSync(join(dir, ...r.filePath.split('/'))));
      // Cached but deleted behind our back: forget the file first.
      evictRows(missing.filter((r) => r.status === 'cached').map((r) => r.id));
      const mine = new Set<string>();
      await Promise.all(missing.map((r) => fetchPhoto(r, { urgent: true, signal: opts.signal, onStored: (path) => mine.add(path) })));
      enforceBudget(mine);
    },

    resolve(photoId) {
      if (typeof photoId !== 'string' || !ID.test(photoId)) return undefined;
      const record = store.get(Number(photoId));
      if (!record || record.status !== 'cached' || !record.filePath || !isImageType(record.contentType)) return undefined;
      const absolutePath = containedFile(dir, record.filePath);
      if (!absolutePath) {
        // Deleted behind our back: forget it, so that the next sync downloads it again.
        if (isPlainRelativePath(record.filePath) && !existsSync(join(dir, ...record.filePath.split('/')))) evictRows([record.id]);
        return undefined;
      }
      store.markUsedAt([record.id], nowIso());
      return { path: record.filePath, absolutePath, contentType: record.contentType };
    },

    photoIdFor(sourceUrl, reference) {
      const [record] = store.register(reference, [sourceUrl]);
      if (!record) throw codedError('internal', { code: 'app.internal' }, { reason: 'photo_not_registered', reference });
      return String(record.id);
    },

    statusFor(sourceUrls) {
      const out = new Map<string, PhotoStatusEntry>();
      for (const source of sourceUrls) {
        const record = store.bySource(source) ?? store.register(null, [source])[0];
        if (!record) continue;
        let status: PhotoCacheStatus;
        if (inFlight.has(record.id)) status = 'pending';
        else if (record.status === 'cached') status = 'cached';
        else if (record.status === 'failed') status = 'failed';
        else status = 'not_cached';
        out.set(source, { photoId: String(record.id), cache: status, error: status === 'failed' ? record.lastError : null });
      }
      return out;
    },

    setBudget(bytes) {
      budget = checkBudget(bytes);
      stored.reset();
      enforceBudget();
    },

    async clear() {
      lifetime.abort(new PhotoDownloadCancelled());
      lifetime = new AbortController();
      await Promise.allSettled([...inFlight.values()].map((job) => job.promise));
      store.resetAll();
      stored.reset();
      await emptyFolder(dir);
    },

    usage() {
      return { ...stored.usage(), budgetBytes: budget };
    },
  };
}

export { IMAGE_TYPES, sniffImageType, acceptedImageType, type ImageType } from './image-type';
export { PhotoDownloadError } from './download';
