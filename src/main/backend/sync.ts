// Sync on demand: `sync.start` answers with the run's id at once; progress, the end and the cache
// change arrive as events (relayed from the session in index.ts). One run at a time per account.
// Its status, history and changes are plain session calls (session-channels.ts).
import type { Handlers } from '../ipc/gate';
import type { SyncRunKind } from '../account-session';
import type { BackendContext } from './context';

/**
 * Starts a sync of the active account in the background. `automatic`: started by the backend
 * (the demo's first sync, after a rebuild); the dealer's own start then joins it instead of being told "busy".
 */
export async function startSync(ctx: BackendContext, options: { kind: SyncRunKind; automatic: boolean }): Promise<{ runId: string }> {
  const { runId } = await ctx.sessions.require().startSync(options);
  return { runId };
}

export function syncHandlers(ctx: BackendContext): Pick<Handlers, 'sync.start' | 'sync.cancel'> {
  return {
    'sync.start': ({ full }) => startSync(ctx, { kind: full ? 'full' : 'auto', automatic: false }),
    'sync.cancel': async () => {
      await ctx.sessions.active()?.cancelSync();
      return null;
    },
  };
}
