// The listings an export writes: every match of the screen's query (text, filters, sort), read from
// the cache a window at a time so the rows never all sit in memory. The writer awaits the disk
// between windows, and a sync may commit meanwhile: then the windows would no longer be one view of
// the stock (a listing twice, or missed), so the export stops and says so rather than write that.
import { codedError } from '../../shared/i18n/messages';
import { MAX_WINDOW, type InventoryQuery } from '../../shared/inventory';
import type { Cache } from '../cache';
import type { ExportRecord } from './columns';

export interface RowBatch<R = ExportRecord> {
  /** Each listing's record (the inventory's: its row and, for the columns the row lacks, the listing as the portal sent it). */
  rows: R[];
  /** Rows read so far, this batch included. */
  done: number;
  total: number;
}

const changed = (detail: Record<string, number>) => codedError('busy', { code: 'export.changed' }, detail);

/** Every row `query` matches, in its order, in windows of `batchSize`; the query's own window is ignored. */
export function* inventoryBatches(cache: Cache, query: InventoryQuery, batchSize = MAX_WINDOW): Generator<RowBatch> {
  const { window: _window, ...rest } = query;
  // Counting first builds the in-memory snapshot, which walks the sort's order for every window
  // (without it, unfiltered windows would be read with SQL OFFSET, slower the further they go).
  const total = cache.countVehicles(rest);
  const token = cache.listingsToken();
  let done = 0;
  while (done < total) {
    if (cache.listingsToken() !== token) throw changed({ done, total });
    const { rows, total: now } = cache.queryVehicles({ ...rest, window: { offset: done, limit: batchSize } });
    if (now !== total || rows.length === 0) throw changed({ done, total, now });
    done += rows.length;
    const listings = cache.listingsOf(rows.map((row) => row.reference));
    yield { rows: rows.map((row) => ({ row, listing: listings.get(row.reference) })), done, total };
  }
}
