// Publication requests — unpublish, publish again, highlight on or off: sent to the portal now when
// it answers, saved in the pending-change ledger otherwise; one outcome per reference, in the dealer's order (the
// session says 'changed' either way). The room the plan leaves is asked first, to say it before sending.
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function publicationHandlers(ctx: BackendContext): Pick<Handlers, 'publications.request' | 'publications.room' | 'changes.pending' | 'changes.discard'> {
  return {
    'publications.request': ({ action, references }) => ctx.sessions.require().requestPublication(action, references),
    'publications.room': () => ctx.sessions.require().publicationRoom(),
    'changes.pending': () => ctx.sessions.require().pendingChanges(),
    'changes.discard': (target) => ctx.sessions.require().discardChanges(target),
  };
}
