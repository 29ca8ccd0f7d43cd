// The active account's local copy: clearing it (inventory, photos, runs and outbox go; the next
// sync is a full one), its health (damaged, or found reset or replaced), and rebuilding a damaged
// one from the portal while keeping what only exists here (cache/rebuild.ts). The database is
// closed (and any sync stopped) before its files are removed or replaced.
import type { CacheClearedView, CacheHealthView, CacheRebuiltView } from '../../shared/views';
import { accountPaths, clearCacheFiles, rebuildCacheFiles } from '../account-session';
import type { Handlers } from '../ipc/gate';
import { damagedAccounts, isDamagedCacheError } from './cache-health';
import { errorKind, type BackendContext } from './context';
import { noAccountError } from './session';
import { startSync } from './sync';

export function cacheHandlers(ctx: BackendContext): Pick<Handlers, 'cache.clear' | 'cache.health' | 'cache.rebuild' | 'cache.dismissNotice'> {
  return {
    'cache.clear': async (): Promise<CacheClearedView> => {
      const session = ctx.sessions.require();
      const { accountId } = session;
      const result = await session.clearStats();
      await ctx.sessions.close(accountId);
      try {
        // The dealer asked for it: the queued-writes file goes too, so the emptied cache is no news.
        await clearCacheFiles(accountPaths(ctx.accounts, accountId, ctx.deps.cacheDir));
      } finally {
        await ctx.sessions.open(accountId);
      }
      await ctx.state.setFlags(accountId, { lastSyncAt: null });
      ctx.log.info('backend: cache cleared', { account: accountId, ...result });
      ctx.deps.emit('cache.changed', { reason: 'cleared' });
      return result;
    },

    'cache.health': async (): Promise<CacheHealthView> => {
      const accountId = ctx.state.get().activeAccountId;
      if (accountId === null) return { damaged: false, notice: null };
      let damaged = damagedAccounts(ctx).has(accountId);
      let notice: CacheHealthView['notice'] = null;
      try {
        notice = await ctx.sessions.require().identityNotice();
      } catch (error) {
        // The account could not be opened: damaged, or something else every screen already says.
        damaged ||= isDamagedCacheError(error);
      }
      return { damaged, notice };
    },

    'cache.dismissNotice': async () => {
      await ctx.sessions.active()?.acknowledgeIdentityNotice();
      return null;
    },

    'cache.rebuild': async (): Promise<CacheRebuiltView> => {
      const accountId = ctx.state.get().activeAccountId;
      if (accountId === null) throw noAccountError();
      await ctx.sessions.close(accountId);
      let result;
      try {
        result = await rebuildCacheFiles(accountPaths(ctx.accounts, accountId, ctx.deps.cacheDir), 'the app');
      } finally {
        await ctx.sessions
          .open(accountId)
          .catch((error: unknown) => ctx.log.error('backend: cannot reopen the account after a rebuild', { kind: errorKind(error) }));
      }
      damagedAccounts(ctx).delete(accountId);
      await ctx.state.setFlags(accountId, { lastSyncAt: null });
      ctx.log.info('backend: cache rebuilt', { account: accountId, pendingKept: result.pendingKept, runsKept: result.runsKept, eventsKept: result.eventsKept });
      ctx.deps.emit('cache.changed', { reason: 'rebuilt' });
      // Read every listing again now; offline, the dealer's next sync does it.
      const syncStarted = await startSync(ctx, { kind: 'full', automatic: true }).then(
        () => true,
        () => false,
      );
      return { pendingKept: result.pendingKept, runsKept: result.runsKept, eventsKept: result.eventsKept, syncStarted };
    },
  };
}
