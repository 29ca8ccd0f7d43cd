// One listing in full (the session reads it, and fetches its missing photos in the background
// when the portal is reachable).
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

export function vehicleHandlers(ctx: BackendContext): Pick<Handlers, 'vehicles.get'> {
  return {
    'vehicles.get': ({ reference, retryPhotos }) => ctx.sessions.require().vehicle(reference, retryPhotos ? { fetchPhotos: 'retry' } : {}),
  };
}
