// The two engines the backend drives for the active account: the sync engine (src/main/sync) and
// the photo cache (src/main/photos). They are built here and nowhere else.
import type { SyncProgress } from '../../shared/views';
import type { Cache } from '../cache';
import type { PortalClient } from '../portal';
import { createPhotoCache, type PhotoCache } from '../photos';
import { createSyncEngine, type SyncEngine } from '../sync';

export type { PhotoCache, PhotoStatusEntry } from '../photos';
export type { SyncEngine } from '../sync';
export { readCachedPlan, toSyncRunReport } from '../sync';
export { storePlan } from '../sync/plan';

export type SyncRunKind = 'full' | 'incremental' | 'auto';

export interface EngineOptions {
  cache: Cache;
  portal: PortalClient;
  photosDir: string;
  /** The account's portal address (decides whether photos may come from loopback). */
  portalBaseUrl: string;
  budgetBytes: number;
  /** For the photo downloads (a proxy-aware fetch; default the global one). */
  fetch?: typeof globalThis.fetch | undefined;
  photoMode: () => 'covers' | 'all';
  onProgress: (progress: SyncProgress) => void;
  onConnectivity: (online: boolean) => void;
}

export function createPhotoCacheFor(options: EngineOptions): PhotoCache {
  return createPhotoCache({ cache: options.cache, dir: options.photosDir, budgetBytes: options.budgetBytes, portalBaseUrl: options.portalBaseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

export function createSyncEngineFor(options: EngineOptions, photos: PhotoCache): SyncEngine {
  return createSyncEngine({
    cache: options.cache,
    portal: options.portal,
    photos,
    settings: () => ({ photos: options.photoMode() }),
    onProgress: options.onProgress,
    onConnectivity: options.onConnectivity,
  });
}
