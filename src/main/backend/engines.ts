// The two engines the backend drives for the active account, as the backend uses them. The sync
// engine (src/main/sync) and the photo cache (src/main/photos) are built here and nowhere else,
// so the rest of the backend depends only on these shapes.
import { AppError } from '../../shared/errors';
import type { SyncProgress, SyncRunView, UnpublishOutcome } from '../../shared/views';
import type { Cache } from '../cache';
import type { PortalClient } from '../portal';
import { createPhotoCache, type PhotoCache } from '../photos';
import type { Plan } from '../../shared/plan';

export type SyncRunKind = 'full' | 'incremental' | 'auto';

export interface SyncEngine {
  run(options: { kind?: SyncRunKind; signal?: AbortSignal }): Promise<SyncRunView>;
  cancel(): void;
  readonly current: SyncProgress | null;
  unpublish(references: string[], options?: { signal?: AbortSignal }): Promise<UnpublishOutcome[]>;
}

export type { PhotoCache, PhotoStatusEntry } from '../photos';

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

export function createPhotoCacheFor(options: EngineOptions): PhotoCache {
  return createPhotoCache({ cache: options.cache, dir: options.photosDir, budgetBytes: options.budgetBytes });
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
