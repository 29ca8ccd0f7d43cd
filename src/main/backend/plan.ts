// The dealer's plan: live from the portal when asked and reachable, otherwise the copy the last
// sync read (marked as not live).
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function planHandlers(ctx: BackendContext): Pick<Handlers, 'plan.get'> {
  return {
    'plan.get': ({ refresh }) => ctx.sessions.require().plan({ refresh: refresh === true }),
  };
}
