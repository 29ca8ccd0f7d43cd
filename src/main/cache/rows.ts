// SQLite rows to the shapes the inventory screen uses: the list row's columns are declared in
// shared/listing-columns.ts, as the open pending changes overlay them; the cover photo comes from a
// join on the photo cache.
import { readRow, ROW_SELECT_SQL, type DbVehicleRow, type VehicleRow } from '../../shared/listing-columns';

export type { DbVehicleRow };

/** Columns a list row needs. */
export const ROW_SELECT = ROW_SELECT_SQL;
export const ROW_FROM = 'vehicles v LEFT JOIN photos p ON p.source_url = v.cover_url';

export function toVehicleRow(r: DbVehicleRow): VehicleRow {
  return readRow(r);
}
