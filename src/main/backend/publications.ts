// Unpublishing listings: sent to the portal now when it answers, queued in the outbox otherwise;
// one outcome per reference, in the dealer's order (the session says 'changed' either way).
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function publicationHandlers(ctx: BackendContext): Pick<Handlers, 'publications.unpublish'> {
  return {
    'publications.unpublish': ({ references }) => ctx.sessions.require().unpublish(references),
  };
}
