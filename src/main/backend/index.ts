// The backend: one handler per contract channel, wiring the main-process modules together.
// The Electron app (src/main/index.ts) and the e2e harness build it from the same deps; tests
// call `backend.handlers[channel]` directly.
import type { SyncProgress } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import type { Backend, BackendDeps, CreateBackend } from '../ipc/backend';
import { createAccountStore } from '../accounts';
import { accountHandlers } from './accounts';
import { appInfoHandlers } from './app-info';
import { createAppStateStore } from './app-state';
import { cacheHandlers } from './cache';
import { noteCacheError } from './cache-health';
import { errorKind, isOfflineKind, type BackendContext } from './context';
import { createDemo, createDemoAwareKeychain } from './demo';
import { inventoryHandlers } from './inventory';
import { planHandlers } from './plan';
import { publicationHandlers } from './publications';
import { createSessionManager, type SessionManager } from './session';
import { createSettingsStore, settingsHandlers } from './settings';
import { shellHandlers } from './shell';
import { syncHandlers } from './sync';
import { vehicleHandlers } from './vehicles';

export interface BackendOptions extends BackendDeps {
  /** The app's version for app.info (Electron's app.getVersion()); default npm_package_version or 0.0.0. */
  version?: string;
}

export const createBackend: CreateBackend = async (deps: BackendOptions): Promise<Backend> => {
  // Messages say "backend:" themselves; the app may already hand in a scoped logger.
  const log = deps.logger;
  const demoKeychain = createDemoAwareKeychain(deps.keychain);
  const accounts = createAccountStore({ dataDir: deps.dataDir, keychain: demoKeychain.keychain });
  const state = createAppStateStore(deps.dataDir, log);
  const settings = createSettingsStore(deps.dataDir, log);
  await Promise.all([state.load(), settings.load()]);

  let lastProgress: Pick<SyncProgress, 'runId' | 'phase'> | null = null;
  const sessions: SessionManager = createSessionManager({
    accounts,
    log,
    cacheDir: deps.cacheDir,
    fetch: deps.fetch,
    hooks: {
      onProgress(session, progress) {
        session.running?.announce(progress.runId);
        if (sessions.active() !== session) return;
        // The photo phase starts once the listings are committed: show them now rather than
        // after every cover has downloaded (minutes, on a first sync of a big stock).
        const enteredPhotos = progress.phase === 'photos' && !(lastProgress?.runId === progress.runId && lastProgress.phase === 'photos');
        lastProgress = { runId: progress.runId, phase: progress.phase };
        if (enteredPhotos) deps.emit('cache.changed', { reason: 'sync' });
        deps.emit('sync.progress', progress);
      },
      onPortalError(session, error) {
        ctx.notePortalError(session, error).catch(() => undefined);
      },
      onConnectivity(session, online) {
        if (sessions.active() === session) deps.emit('connectivity', { online });
      },
    },
  });

  const ctx: BackendContext = {
    deps,
    log,
    accounts,
    state,
    settings,
    sessions,
    async markTokenRefused(accountId) {
      // Once per refusal: a sync's parallel requests all fail alike.
      if (state.flags(accountId).tokenRefused) return;
      // The flag is set at once (saved just after): whoever notices next sees it, and the event goes out before the sync's end.
      const saved = state.setFlags(accountId, { tokenRefused: true });
      log.warn('backend: the portal refused the integration token', { account: accountId });
      deps.emit('auth.tokenRefused', { accountId });
      await saved;
    },
    async notePortalError(session, error) {
      const kind = errorKind(error);
      if (isOfflineKind(kind)) sessions.setOnline(session, false);
      if (kind === 'token_refused') await ctx.markTokenRefused(session.accountId);
      return kind;
    },
  };

  // Reopen the account the dealer last used (or the first one, if that choice was lost).
  const known = await accounts.list().catch((error: unknown) => {
    log.error('backend: cannot read the account list', { error: String(error) });
    return [];
  });
  const remembered = state.get().activeAccountId;
  const activeId = known.some((a) => a.id === remembered) ? remembered : (known[0]?.id ?? null);
  if (activeId !== remembered) await state.setActive(activeId).catch(() => undefined);
  if (activeId !== null) {
    // A failure (damaged database…) is kept and said by every channel that needs the account.
    await sessions.open(activeId).catch((error: unknown) => log.error('backend: cannot open the active account', { account: activeId, kind: errorKind(error) }));
  }

  const demo = createDemo(ctx, demoKeychain.allowInMemory);
  const sync = syncHandlers(ctx);
  const handlers: Handlers = {
    ...appInfoHandlers(ctx, deps.version),
    ...accountHandlers(ctx),
    ...demo.handlers,
    ...inventoryHandlers(ctx),
    ...vehicleHandlers(ctx),
    ...publicationHandlers(ctx),
    ...sync,
    // After an app restart the demo account's sandbox is gone: a sync brings it back first.
    'sync.start': async (input, call) => {
      await demo.ensureRunningForActive();
      return sync['sync.start'](input, call);
    },
    ...planHandlers(ctx),
    ...settingsHandlers(ctx),
    ...cacheHandlers(ctx),
    ...shellHandlers(ctx),
  };

  // Damage found by any call (a search, a listing, a sync's start) turns the rebuild banner on.
  for (const name of Object.keys(handlers) as Array<keyof Handlers>) {
    const handler = handlers[name] as (input: unknown, call: unknown) => Promise<unknown>;
    (handlers as Record<string, unknown>)[name] = (input: unknown, call: unknown) =>
      handler(input, call).catch((error: unknown) => {
        noteCacheError(ctx, error);
        throw error;
      });
  }

  return {
    handlers,
    photos: () => {
      const session = sessions.active();
      if (!session) return undefined;
      return { root: session.photosDir, resolve: (id: string) => (session.closed ? undefined : session.photos.resolve(id)) };
    },
    async close() {
      await sessions.close();
      await demo.stop();
    },
  };
};
