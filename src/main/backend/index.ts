// The backend: one handler per contract channel, wiring the main-process modules together.
// The Electron app (src/main/index.ts) and the e2e harness build it from the same deps; tests
// call `backend.handlers[channel]` directly.
import type { AccountSession, SessionEvent } from '../account-session';
import type { Handlers } from '../ipc/gate';
import type { Backend, BackendDeps, CreateBackend } from '../ipc/backend';
import { createAccountStore } from '../accounts';
import { accountHandlers } from './accounts';
import { appInfoHandlers } from './app-info';
import { createAppStateStore } from '../app-data/app-state';
import { cacheHandlers } from './cache';
import { noteCacheError } from './cache-health';
import { errorKind, type BackendContext } from './context';
import { createDemo, createDemoAwareKeychain } from './demo';
import { exportHandlers } from './export';
import { createSessionManager, type SessionManager } from './session';
import { createSettingsStore, settingsHandlers } from './settings';
import { shellHandlers } from './open-listing';
import { sessionChannelHandlers } from './session-channels';
import { syncHandlers } from './sync';

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

  // The active account's session: its events go to the renderer, and to the state the account list reads.
  function onSessionEvent(session: AccountSession, event: SessionEvent): void {
    const active = sessions.active() === session;
    switch (event.type) {
      case 'progress':
        if (active) deps.emit('sync.progress', event.progress);
        return;
      case 'changed':
        if (active) deps.emit('cache.changed', { reason: event.reason });
        return;
      case 'finished': {
        const { run } = event;
        if (run.outcome === 'succeeded') {
          // A sync that worked proves the stored token is good.
          session
            .accountState()
            .then(
              ({ lastSyncAt }) => state.setFlags(session.accountId, { lastSyncAt: lastSyncAt ?? run.endedAt, tokenRefused: false }),
              () => state.setFlags(session.accountId, { lastSyncAt: run.endedAt, tokenRefused: false }),
            )
            .catch(() => undefined);
        } else if (run.error) noteCacheError(ctx, run.error);
        if (active) deps.emit('sync.finished', run);
        return;
      }
      case 'status': {
        const { online, tokenRefusedAt } = event.status;
        if (active && online !== null && online !== lastOnline) deps.emit('connectivity', { online });
        if (active) lastOnline = online;
        if (tokenRefusedAt !== null) void ctx.markTokenRefused(session.accountId);
        else if (state.flags(session.accountId).tokenRefused) void state.setFlags(session.accountId, { tokenRefused: false }).catch(() => undefined);
        return;
      }
      case 'exportProgress':
        if (active) deps.emit('export.progress', event.progress);
        return;
      case 'restarted':
        log.warn('backend: the account session was restarted', { account: session.accountId, reason: event.reason });
        if (active) deps.emit('cache.changed', { reason: 'restarted' });
        return;
    }
  }
  let lastOnline: boolean | null = null;
  const sessions: SessionManager = createSessionManager({
    accounts,
    log,
    cacheDir: deps.cacheDir,
    fetch: deps.fetch,
    env: deps.env,
    host: deps.sessionHost,
    onEvent: onSessionEvent,
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
    await sessions
      .open(activeId)
      .catch((error: unknown) => log.error('backend: cannot open the active account', { account: activeId, kind: errorKind(error) }));
  }

  const demo = createDemo(ctx, demoKeychain.allowInMemory);
  const sync = syncHandlers(ctx);
  const handlers: Handlers = {
    ...appInfoHandlers(ctx, deps.version),
    ...accountHandlers(ctx),
    ...demo.handlers,
    ...sessionChannelHandlers(ctx),
    ...exportHandlers(ctx),
    ...sync,
    // After an app restart the demo account's sandbox is gone: a sync brings it back first.
    'sync.start': async (input, call) => {
      await demo.ensureRunningForActive();
      return sync['sync.start'](input, call);
    },
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
      return { root: session.photosDir, resolve: (id: string) => (sessions.active() === session ? session.photo(id) : undefined) };
    },
    async close() {
      await sessions.close();
      await demo.stop();
    },
  };
};
