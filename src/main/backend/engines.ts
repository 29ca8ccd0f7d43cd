// The two engines the backend drives for the active account, as the backend uses them. The sync
// engine (src/main/sync) and the photo cache (src/main/photos) are built here and nowhere else,
// so the rest of the backend depends only on these shapes.
import { AppError } from '../../shared/errors';
import type { PhotoCacheStatus, SyncProgress, SyncRunView, UnpublishOutcome } from '../../shared/views';
import type { Cache } from '../cache';
import type { PortalClient } from '../portal';
import type { Plan } from '../../shared/plan';

export type SyncRunKind = 'full' | 'incremental' | 'auto';

export interface SyncEngine {
  run(options: { kind?: SyncRunKind; signal?: AbortSignal }): Promise<SyncRunView>;
  cancel(): void;
  readonly current: SyncProgress | null;
  unpublish(references: string[], options?: { signal?: AbortSignal }): Promise<UnpublishOutcome[]>;
}

export interface PhotoStatusEntry {
  photoId: string;
  cache: PhotoCacheStatus;
  error: string | null;
}

export interface PhotoCache {
  ensureVehiclePhotos(reference: string, options?: { signal?: AbortSignal }): Promise<void>;
  resolve(photoId: string): { path: string; contentType: string } | undefined;
  photoIdFor(sourceUrl: string, reference: string): string;
  statusFor(sourceUrls: readonly string[]): Map<string, PhotoStatusEntry>;
  setBudget(bytes: number): void;
}

export interface EngineOptions {
  cache: Cache;
  portal: PortalClient;
  photosDir: string;
  budgetBytes: number;
  photoMode: () => 'covers' | 'all';
  onProgress: (progress: SyncProgress) => void;
  onConnectivity: (online: boolean) => void;
}

const notYet = () => new AppError('internal', 'Syncing is not available in this build yet.', { reason: 'sync_engine_not_wired' });

/** Until src/main/photos lands: ids are the cache's photo row ids; nothing is downloaded. */
export function createPhotoCacheFor(options: EngineOptions): PhotoCache {
  const { cache } = options;
  return {
    ensureVehiclePhotos: async () => {},
    resolve: () => undefined,
    photoIdFor: (source, reference) => String(cache.photos.register(reference, [source])[0]?.id ?? ''),
    statusFor: (sources) => {
      const out = new Map<string, PhotoStatusEntry>();
      for (const source of sources) {
        const record = cache.photos.bySource(source);
        out.set(source, {
          photoId: record ? String(record.id) : '',
          cache: record?.status === 'cached' || record?.status === 'pending' || record?.status === 'failed' ? record.status : 'not_cached',
          error: record?.lastError ?? null,
        });
      }
      return out;
    },
    setBudget: () => {},
  };
}

export function createSyncEngineFor(_options: EngineOptions, _photos: PhotoCache): SyncEngine {
  return {
    run: async () => {
      throw notYet();
    },
    cancel: () => {},
    current: null,
    unpublish: async () => {
      throw notYet();
    },
  };
}

/** The plan read at the last sync, if any. */
export function readCachedPlan(_cache: Cache): { plan: Plan; fetchedAt: string } | null {
  return null;
}
