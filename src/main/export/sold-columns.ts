// The Sold view's export: its own columns (reference, title, last price, the sale's or removal's
// date, days in stock, how it left) then the listing's columns that still say something once it
// left the stock (what the car was), read from the listing as the portal last sent it. The rows:
// every listing the view's search and filters select, newest first, a window at a time.
import { DEPARTED_LIMIT_MAX, type DepartedListingView, type DepartedQuery } from '../../shared/sold';
import { EXPORTED_COLUMNS, listingColumn, listingValue, type ColumnName } from '../../shared/listing-columns';
import { codedError } from '../../shared/i18n/messages';
import { parseVehicle, type Vehicle } from '../../shared/vehicle';
import type { Cache } from '../cache';
import { parseStoredJson } from '../cache/extract';
import { listingExportColumn, type ExportColumn } from './columns';
import type { RowBatch } from './source';

/** One departed listing: the Sold view's row and its last listing (absent: those cells are empty). */
export interface DepartedRecord {
  departed: DepartedListingView;
  listing?: Vehicle;
}

/** Listing columns read from the listing that the Sold view's own columns give, or that stopped applying when it left the portal. */
const NOT_AFTER_LEAVING: ReadonlySet<ColumnName> = new Set(['reference', 'title', 'price', 'active', 'photoLinks', 'url', 'updatedAt']);

/** The listing's exported columns that describe the vehicle (its place on the portal, photos and links went with it). */
const LISTING_COLUMNS = EXPORTED_COLUMNS.filter((id) => listingColumn(id).listing !== undefined && !NOT_AFTER_LEAVING.has(id));

const OWN_COLUMNS: readonly ExportColumn<DepartedRecord>[] = [
  { id: 'reference', kind: 'text', width: 16, header: (m) => m.sold.columns.reference, value: (r) => r.departed.reference },
  { id: 'title', kind: 'text', width: 40, header: (m) => m.sold.columns.title, value: (r) => r.departed.title },
  { id: 'price', kind: 'money', width: 14, header: (m) => `${m.sold.columns.price} (R$)`, value: (r) => r.departed.price },
  { id: 'date', kind: 'datetime', width: 17, header: (m) => m.sold.columns.date, value: (r) => r.departed.soldAt ?? r.departed.leftAt },
  { id: 'days', kind: 'count', width: 8, header: (m) => m.sold.columns.days, value: (r) => r.departed.daysInStock },
  { id: 'daysAtLeast', kind: 'boolean', width: 10, header: (m) => m.sold.columns.daysAtLeast, value: (r) => r.departed.daysAtLeast },
  { id: 'leftAs', kind: 'text', width: 12, header: (m) => m.sold.columns.leftAs, value: (r, m) => m.sold.leftAsOne[r.departed.leftAs] },
];

export const DEPARTED_EXPORT_COLUMNS: readonly ExportColumn<DepartedRecord>[] = [
  ...OWN_COLUMNS,
  ...LISTING_COLUMNS.map((id) => listingExportColumn<DepartedRecord>(id, (r) => (r.listing === undefined ? null : listingValue(id, r.listing)))),
];

const changed = (detail: Record<string, number>) => codedError('busy', { code: 'export.changed' }, detail);

/** Every departed listing `query` selects, newest first, in windows of `batchSize`; a sync that changes the list meanwhile stops it. */
export function* departedBatches(cache: Cache, query: Omit<DepartedQuery, 'limit'>, batchSize = 1000): Generator<RowBatch<DepartedRecord>> {
  const limit = Math.min(batchSize, DEPARTED_LIMIT_MAX);
  const first = cache.departed.query({ ...query, limit });
  const { total } = first;
  let page = first;
  let done = 0;
  while (page.rows.length > 0) {
    if (page.total !== total) throw changed({ done, total, now: page.total });
    const raws = cache.departed.rawsOf(page.rows.map((row) => row.reference));
    done += page.rows.length;
    yield {
      rows: page.rows.map((departed) => {
        const raw = raws.get(departed.reference);
        return raw === undefined ? { departed } : { departed, listing: parseVehicle(parseStoredJson(raw)).vehicle };
      }),
      done,
      total,
    };
    if (done >= total) break;
    page = cache.departed.query({ ...query, limit }, done);
  }
}
