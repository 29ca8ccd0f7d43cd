// Opening a listing's page in the system browser: http(s) only, whatever the renderer sends.
import { AppError } from '../../shared/errors';
import type { Handlers } from '../ipc/gate';
import { externalUrlDecision } from '../shell/urls';
import type { BackendContext } from './context';

export function shellHandlers(ctx: BackendContext): Pick<Handlers, 'shell.openListing'> {
  return {
    'shell.openListing': async ({ url }) => {
      if (externalUrlDecision(url) !== 'open') {
        throw new AppError('bad_input', 'Only web pages (http or https) can be opened.', { reason: 'external_url_refused' });
      }
      await ctx.deps.openExternal(url);
      return null;
    },
  };
}
