// The active account's open resources: its cache database, its portal client (the integration
// token is read from the keychain only when a JWT is due, and never kept here), its photo cache
// and its sync engine. One account is open at a time; switching closes the previous one after
// stopping what it was doing.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import type { SyncProgress } from '../../shared/views';
import type { AccountSettings, AccountStore } from '../accounts';
import { openCache, type Cache } from '../cache';
import { createPortalClient, type PortalClient } from '../portal';
import type { Logger } from '../shell/logger';
import { createPhotoCacheFor, createSyncEngineFor, type PhotoCache, type SyncEngine } from './engines';
import { adoptLegacyPhotos } from './photo-folder';
import { megabytes } from './settings';

export interface AccountPaths {
  /** `<dataDir>/accounts/<id>/` (the account store's folder). */
  folder: string;
  cacheFile: string;
  /** `<cacheDir>/accounts/<id>/photos`: the OS cache folder, not roamed nor backed up (shell/profile.ts). */
  photosDir: string;
  /** Where the photos were kept before they moved to the cache folder (see photo-folder.ts). */
  legacyPhotosDir: string;
}

/** Where one account's data lives; `cacheDir` defaults to the data folder (tests, a chosen profile folder). */
export function accountPaths(accounts: AccountStore, accountId: string, cacheDir?: string): AccountPaths {
  const folder = accounts.dataFolder(accountId);
  const legacyPhotosDir = join(folder, 'photos');
  const photosDir = cacheDir === undefined ? legacyPhotosDir : join(cacheDir, 'accounts', accountId, 'photos');
  return { folder, cacheFile: join(folder, 'cache.sqlite'), photosDir, legacyPhotosDir };
}

/** A sync started from the backend: its promise, and its id once the engine said it. */
export interface RunningSync {
  promise: Promise<unknown>;
  runId: Promise<string>;
  /** The engine said the run's id (first progress, or the end). */
  announce(runId: string): void;
  /** Started by the backend itself (demo mode), not by the dealer. */
  automatic: boolean;
}

export interface Session {
  readonly accountId: string;
  readonly folder: string;
  readonly photosDir: string;
  readonly cache: Cache;
  readonly portal: PortalClient;
  readonly photos: PhotoCache;
  readonly sync: SyncEngine;
  /** The account's photo settings: which photos a sync keeps, and the photo cache's disk budget. */
  readonly photoSettings: AccountSettings;
  /** The account's photo settings changed (already saved): the budget applies now, the mode to the next sync. */
  applyPhotoSettings(settings: AccountSettings): void;
  /** null until a request to the portal told us. */
  online: boolean | null;
  running: RunningSync | null;
  /** Aborted when the session closes: background work stops. */
  readonly signal: AbortSignal;
  readonly closed: boolean;
  /** Keeps track of background work so that closing waits for it. */
  background(task: Promise<unknown>): void;
  /** Stops the sync and background work, then closes the database. The manager calls it. */
  close(): Promise<void>;
}

export interface SessionHooks {
  onProgress(session: Session, progress: SyncProgress): void;
  /** Every error of a portal call, whoever made it (sync, unpublish, plan): offline, token refused… */
  onPortalError(session: Session, error: unknown): void;
  /** Called only when the state changes. */
  onConnectivity(session: Session, online: boolean): void;
}

export interface SessionManagerOptions {
  accounts: AccountStore;
  log: Logger;
  hooks: SessionHooks;
  /** The photo cache's root (BackendDeps.cacheDir). */
  cacheDir?: string | undefined;
  /** For the portal and the photo downloads (BackendDeps.fetch). */
  fetch?: typeof globalThis.fetch | undefined;
}

export interface SessionManager {
  active(): Session | null;
  /** The active session, or bad_input "Connect an account first". */
  require(): Session;
  /** Opens `accountId` (closing the previous account's session); returns the open one if it is already active. */
  open(accountId: string): Promise<Session>;
  /** Closes the active session (if it is `accountId`, when given). */
  close(accountId?: string): Promise<void>;
  /** Updates the active session's connectivity; emits only on change. */
  setOnline(session: Session, online: boolean): void;
}

/** The portal client with every call's failure reported to `onError` (then rethrown as is). */
export function watchedPortal(client: PortalClient, onError: (error: unknown) => void): PortalClient {
  const watch =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        onError(error);
        throw error;
      }
    };
  return {
    ...client,
    getPlan: watch(client.getPlan),
    listVehicles: watch(client.listVehicles),
    getVehicle: watch(client.getVehicle),
    unpublish: watch(client.unpublish),
  };
}

export const NO_ACCOUNT_MESSAGE = 'Connect an account first (or start the demo).';

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { accounts, log } = options;
  let current: Session | null = null;
  // Why the active account could not be opened (a damaged database…): said again by `require`.
  let openError: unknown = null;
  // Opening and closing one after another: two quick account switches never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  function setOnline(session: Session, online: boolean): void {
    if (session.closed || session.online === online) return;
    session.online = online;
    options.hooks.onConnectivity(session, online);
  }

  async function openSession(accountId: string): Promise<Session> {
    const account = await accounts.get(accountId);
    const paths = accountPaths(accounts, accountId, options.cacheDir);
    const moved = await adoptLegacyPhotos(paths.legacyPhotosDir, paths.photosDir);
    if (moved !== 'nothing') log.info('backend: photo cache moved to the cache folder', { account: accountId, outcome: moved });
    // Two folders now: the account's (the database) and its photo cache's, which may be elsewhere.
    await Promise.all([mkdir(paths.folder, { recursive: true }), mkdir(paths.photosDir, { recursive: true })]);
    const cache = openCache(paths.cacheFile);
    const controller = new AbortController();
    const tasks = new Set<Promise<unknown>>();
    const client = createPortalClient({
      baseUrl: account.baseUrl,
      fetch: options.fetch,
      integrationToken: async () => {
        const token = await accounts.token(accountId);
        log.addSecret(token);
        return token;
      },
      onResponse: () => setOnline(session, true),
      // Rate-limit waits and retry backoffs show in the sync's progress.
      onWait: (event) => sync.noteWait(event),
    });
    const portal = watchedPortal(client, (error) => {
      if (!closed) options.hooks.onPortalError(session, error);
    });
    let closed = false;
    let photoSettings = account.settings;
    const engineOptions = {
      cache,
      portal,
      photosDir: paths.photosDir,
      portalBaseUrl: account.baseUrl,
      budgetBytes: megabytes(account.settings.photoBudgetMB),
      fetch: options.fetch,
      photoMode: () => photoSettings.photos,
      onProgress: (progress: SyncProgress) => {
        if (!closed) options.hooks.onProgress(session, progress);
      },
      onConnectivity: (online: boolean) => setOnline(session, online),
    };
    const photos = createPhotoCacheFor(engineOptions);
    const sync = createSyncEngineFor(engineOptions, photos);
    const session: Session = {
      accountId,
      folder: paths.folder,
      photosDir: paths.photosDir,
      cache,
      portal,
      photos,
      sync,
      get photoSettings() {
        return photoSettings;
      },
      applyPhotoSettings(settings) {
        photoSettings = settings;
        photos.setBudget(megabytes(settings.photoBudgetMB));
      },
      online: null,
      running: null,
      signal: controller.signal,
      get closed() {
        return closed;
      },
      background(task) {
        const tracked = task.catch((error: unknown) => log.debug('backend: background task failed', { error: String(error) })).finally(() => tasks.delete(tracked));
        tasks.add(tracked);
      },
      async close() {
        if (closed) return;
        closed = true;
        controller.abort();
        sync.cancel();
        await Promise.allSettled([session.running?.promise, ...tasks]);
        cache.close();
      },
    };
    log.info('backend: account opened', { account: accountId });
    return session;
  }

  return {
    active: () => current,
    require() {
      if (!current && openError !== null) throw openError;
      if (!current) throw new AppError('bad_input', NO_ACCOUNT_MESSAGE, { reason: 'no_active_account' });
      return current;
    },
    open: (accountId) =>
      exclusive(async () => {
        if (current?.accountId === accountId) return current;
        if (current) {
          const previous = current;
          current = null;
          await previous.close();
        }
        openError = null;
        try {
          current = await openSession(accountId);
        } catch (error) {
          openError = error;
          throw error;
        }
        return current;
      }),
    close: (accountId) =>
      exclusive(async () => {
        if (!current || (accountId !== undefined && current.accountId !== accountId)) return;
        const previous = current;
        current = null;
        openError = null;
        await previous.close();
      }),
    setOnline,
  };
}
