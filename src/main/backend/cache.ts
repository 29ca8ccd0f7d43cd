// Clearing the active account's local copy: inventory, photos, runs and outbox go; the next sync
// is a full one. The database is closed (and any sync stopped) before its files are removed.
import { rm } from 'node:fs/promises';
import type { CacheClearedView } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';
import { accountPaths } from './session';

export function cacheHandlers(ctx: BackendContext): Pick<Handlers, 'cache.clear'> {
  return {
    'cache.clear': async (): Promise<CacheClearedView> => {
      const session = ctx.sessions.require();
      const { accountId } = session;
      const result = { vehiclesRemoved: session.cache.summary().total, photoBytesFreed: session.cache.photos.cachedBytes() };
      await ctx.sessions.close(accountId);
      const paths = accountPaths(ctx.accounts, accountId, ctx.deps.cacheDir);
      try {
        for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(paths.cacheFile + suffix, { force: true });
        await rm(paths.photosDir, { recursive: true, force: true });
      } finally {
        await ctx.sessions.open(accountId);
      }
      await ctx.state.setFlags(accountId, { lastSyncAt: null });
      ctx.log.info('backend: cache cleared', { account: accountId, ...result });
      ctx.deps.emit('cache.changed', { reason: 'cleared' });
      return result;
    },
  };
}
