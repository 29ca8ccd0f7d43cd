// Unpublishing listings: sent to the portal now when it answers, queued in the outbox otherwise;
// one outcome per reference, in the dealer's order.
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function publicationHandlers(ctx: BackendContext): Pick<Handlers, 'publications.unpublish'> {
  return {
    'publications.unpublish': async ({ references }) => {
      const session = ctx.sessions.require();
      try {
        const outcomes = await session.sync.unpublish(references, { signal: session.signal });
        return outcomes;
      } catch (error) {
        await ctx.notePortalError(session, error);
        throw error;
      } finally {
        // Even a partial failure may have queued or sent some: the list shows what happened.
        if (!session.closed) ctx.deps.emit('cache.changed', { reason: 'unpublish' });
      }
    },
  };
}
