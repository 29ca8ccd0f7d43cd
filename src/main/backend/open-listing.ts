// Opening a listing's page in the system browser: http(s) only, whatever the renderer sends.
import type { Handlers } from '../ipc/gate';
import { externalUrlDecision, notAWebPage } from '../shell/urls';
import type { BackendContext } from './context';

export function shellHandlers(ctx: BackendContext): Pick<Handlers, 'shell.openListing'> {
  return {
    'shell.openListing': async ({ url }) => {
      if (externalUrlDecision(url) !== 'open') throw notAWebPage();
      await ctx.deps.openExternal(url);
      return null;
    },
  };
}
