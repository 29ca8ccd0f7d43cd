// One open account (see types.ts): in this thread, or in a worker thread with the same interface.
export { openAccountSession } from './session';
export { openAccountSessionInWorker, workerEntry, CLOSE_TIMEOUT_MS } from './host';
export { accountPaths, type AccountPaths } from './paths';
export { adoptLegacyPhotos, deletePhotoCache } from './photo-folder';
export { toRowView, vehicleDetailView } from './views';
export { clearCacheFiles, rebuildCacheFiles } from './cache-files';
export type {
  AccountSession,
  AccountStateView,
  AccountSessionSpec,
  SessionEvent,
  SessionHost,
  SessionListener,
  SyncRunKind,
  SyncStarted,
  SyncStartOptions,
  ChangeReason,
} from './types';
