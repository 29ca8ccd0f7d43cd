// The columns of an exported inventory (CSV and XLSX alike): the listing's columns that say `export`
// (shared/listing-columns.ts), under their labels in the export's language, as which kind of cell.
// Codes the portal sends (fuel, colour…) are written as the words the app shows; an unknown one as
// it came. A column the list row has is read from the row (as the open pending changes overlay
// it); the others from the listing as the portal sent it.
import type { VehicleRow } from '../../shared/inventory';
import type { Messages } from '../../shared/i18n/en';
import { enumLabel, type EnumKind } from '../../shared/i18n/enums';
import { MESSAGES } from '../../shared/i18n/messages';
import { EXPORTED_COLUMNS, listingColumn, listingValue, NONE, type ColumnFormat, type ColumnName, type ListingValue } from '../../shared/listing-columns';
import type { Vehicle } from '../../shared/vehicle';
import type { UiLanguage } from '../../shared/views';

export { MESSAGES };

/**
 * How a cell is typed: `year` and `count` are whole numbers (a year without a thousands separator),
 * `money` is reais, `datetime` an ISO instant written in local time.
 */
export type CellKind = 'text' | 'year' | 'count' | 'money' | 'datetime' | 'boolean';

/** A cell before a writer formats it: ISO text for `datetime`, null for an empty cell. */
export type CellValue = string | number | boolean | null;

/** One exported listing: its list row and, for the columns the row lacks, the listing as the portal sent it (absent: those cells are empty). */
export interface ExportRecord {
  row: VehicleRow;
  listing?: Vehicle;
}

/** A column of an export of records `R` (the inventory's by default; the Sold view's: sold-columns.ts). */
export interface ExportColumn<R = ExportRecord> {
  id: string;
  kind: CellKind;
  header: (m: Messages) => string;
  value: (record: R, m: Messages, language: UiLanguage) => CellValue;
  /** Width in characters for XLSX. */
  width: number;
}

const CELL_KINDS: Record<ColumnFormat, CellKind> = {
  text: 'text',
  code: 'text',
  list: 'text',
  links: 'text',
  portal: 'text',
  year: 'year',
  count: 'count',
  km: 'count',
  days: 'count',
  money: 'money',
  flag: 'boolean',
  datetime: 'datetime',
};

/** The listing's place on the portal, in the words of the inventory's badges. */
function portalText(row: VehicleRow, m: Messages): string {
  if (row.portal === 'on') return m.badges.onPortal;
  if (row.portal === 'pending') return m.badges.unpublishPending;
  return m.badges.offShort[row.notOnPortalReason ?? 'unknown'];
}

/** A header says the unit its numbers are in (the same in both languages). */
const UNITS: Partial<Record<ColumnFormat, string>> = { money: 'R$', km: 'km' };

/**
 * Listing column `id` as an export's column, its value read by `raw` (ExportRecord: from the row
 * where the row has it; a departed listing: from its last listing, sold-columns.ts).
 */
export function listingExportColumn<R>(id: ColumnName, raw: (record: R) => ListingValue, portal?: (record: R, m: Messages) => string): ExportColumn<R> {
  const column = listingColumn(id);
  const { label, format } = column;
  if (label === undefined || column.export === undefined) throw new Error(`the listing's column ${id} has no label or width to be exported`);
  return {
    id,
    kind: CELL_KINDS[format],
    header: (m) => (UNITS[format] === undefined ? label(m) : `${label(m)} (${UNITS[format]})`),
    width: column.export,
    value: (record, m, language) => {
      if (format === 'portal' && portal !== undefined) return portal(record, m);
      const value = raw(record);
      if (value === NONE) return m.detail.none;
      if (value === null || value === '') return null;
      if (format === 'code') return enumLabel(language, id as EnumKind, String(value));
      return value;
    },
  };
}

function exportColumn(id: ColumnName): ExportColumn {
  const column = listingColumn(id);
  // An exported row column holds a scalar (the list's arrays and objects are not exported).
  const raw = (record: ExportRecord): ListingValue => {
    if (column.row !== undefined) return record.row[id as keyof VehicleRow] as ListingValue;
    return record.listing === undefined ? null : listingValue(id, record.listing);
  };
  return listingExportColumn(id, raw, (record, m) => portalText(record.row, m));
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = EXPORTED_COLUMNS.map(exportColumn);

/** The headers in `language`. */
export function exportHeaders(language: UiLanguage, columns: ReadonlyArray<Pick<ExportColumn<never>, 'header'>> = EXPORT_COLUMNS): string[] {
  const m = MESSAGES[language];
  return columns.map((c) => c.header(m));
}

/**
 * An ISO instant as the wall-clock time of the machine's time zone, as a Date whose UTC fields hold
 * it (what spreadsheet cells and the CSV text show: they have no time zone). Null when unreadable.
 */
export function localWallClock(iso: string): Date | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
}

/** A row's cells in column order, dates as wall-clock Dates (text as it came when unreadable). */
export function rowCells<R>(record: R, language: UiLanguage, columns: readonly ExportColumn<R>[]): Array<CellValue | Date> {
  const m = MESSAGES[language];
  return columns.map((c) => {
    const value = c.value(record, m, language);
    return c.kind === 'datetime' && typeof value === 'string' ? (localWallClock(value) ?? value) : value;
  });
}
