// The inventory list, its facets and headline numbers: the hot path of a 100,000-row virtual list,
// answered by the active account's session.
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function inventoryHandlers(ctx: BackendContext): Pick<Handlers, 'inventory.query' | 'inventory.facets' | 'inventory.summary'> {
  return {
    'inventory.query': (input) => ctx.sessions.require().query(input),
    'inventory.facets': (input) => ctx.sessions.require().facets(input),
    'inventory.summary': () => ctx.sessions.require().summary(),
  };
}
