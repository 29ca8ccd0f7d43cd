// Exporting the view on screen (the inventory, or the Sold view): the shell gives a place for the
// file (a save dialog, or a temporary file for a one-time download), the account's worker writes
// every listing the query selects into it (progress relayed as export.progress), and the shell says
// how the dealer gets it. Cancelling — the save dialog, or the Cancel button while it writes — is an
// outcome; nothing is left behind.
import type { ExportOutcome, ExportFormat, UiLanguage } from '../../shared/views';
import type { AccountSession } from '../account-session/types';
import { exportFileName } from '../export/destination';
import type { ExportResult } from '../export';
import type { Handlers } from '../ipc/gate';
import { errorKind, type BackendContext } from './context';

export function exportHandlers(ctx: BackendContext): Pick<Handlers, 'inventory.export' | 'sold.export' | 'inventory.cancelExport'> {
  /** One export to the place the shell gives for a file of `what`. */
  async function exportTo(
    what: 'inventory' | 'sold',
    format: ExportFormat,
    language: UiLanguage,
    write: (session: AccountSession, file: string) => Promise<ExportResult>,
  ): Promise<ExportOutcome> {
    const session = ctx.sessions.require();
    const place = await ctx.deps.exportDestination.place({ fileName: exportFileName(language, format, new Date(), what), format, language });
    if (!place) return { kind: 'cancelled' };
    try {
      const { rows, bytes } = await write(session, place.file);
      return { ...place.deliver(), rows, bytes };
    } catch (error) {
      if (errorKind(error) === 'cancelled') return { kind: 'cancelled' };
      throw error;
    }
  }
  return {
    'inventory.export': ({ format, language, query }) =>
      exportTo('inventory', format, language, (session, file) => session.exportInventory({ format, language, query, file })),
    'sold.export': ({ format, language, query }) =>
      exportTo('sold', format, language, (session, file) => session.exportSold({ format, language, query, file })),
    'inventory.cancelExport': async () => {
      await ctx.sessions.active()?.cancelExport();
      return null;
    },
  };
}
