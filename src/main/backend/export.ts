// Exporting the view on screen: the shell gives a place for the file (a save dialog, or a temporary
// file for a one-time download), the account's worker writes every listing the query selects into
// it (progress relayed as export.progress), and the shell says how the dealer gets it. Cancelling —
// the save dialog, or the Cancel button while it writes — is an outcome; nothing is left behind.
import { exportFileName } from '../export/destination';
import type { Handlers } from '../ipc/gate';
import { errorKind, type BackendContext } from './context';

export function exportHandlers(ctx: BackendContext): Pick<Handlers, 'inventory.export' | 'inventory.cancelExport'> {
  return {
    'inventory.export': async ({ format, language, query }) => {
      const session = ctx.sessions.require();
      const place = await ctx.deps.exportDestination.place({ fileName: exportFileName(language, format, new Date()), format, language });
      if (!place) return { kind: 'cancelled' };
      try {
        const { rows, bytes } = await session.exportInventory({ format, language, query, file: place.file });
        return { ...place.deliver(), rows, bytes };
      } catch (error) {
        if (errorKind(error) === 'cancelled') return { kind: 'cancelled' };
        throw error;
      }
    },
    'inventory.cancelExport': async () => {
      await ctx.sessions.active()?.cancelExport();
      return null;
    },
  };
}
