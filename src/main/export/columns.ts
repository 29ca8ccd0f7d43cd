// The columns of an exported inventory (CSV and XLSX alike): which field of a list row, under which
// header (from the shared dictionaries, in the export's language), as which kind of cell. Codes
// the portal sends (fuel, colour…) are written as the words the app shows; an unknown one as it came.
import type { VehicleRow } from '../../shared/inventory';
import { en, type Messages } from '../../shared/i18n/en';
import { enumLabel, type EnumKind } from '../../shared/i18n/enums';
import { ptBR } from '../../shared/i18n/pt-BR';
import type { UiLanguage } from '../../shared/views';

/**
 * How a cell is typed: `year` and `count` are whole numbers (a year without a thousands separator),
 * `money` is reais, `datetime` an ISO instant written in local time.
 */
export type CellKind = 'text' | 'year' | 'count' | 'money' | 'datetime' | 'boolean';

/** A cell before a writer formats it: ISO text for `datetime`, null for an empty cell. */
export type CellValue = string | number | boolean | null;

export interface ExportColumn {
  id: string;
  kind: CellKind;
  header: (m: Messages) => string;
  value: (row: VehicleRow, m: Messages, language: UiLanguage) => CellValue;
  /** Width in characters for XLSX. */
  width: number;
}

export const MESSAGES: Record<UiLanguage, Messages> = { en, 'pt-BR': ptBR };

const label =
  (kind: EnumKind) =>
  (row: VehicleRow, _m: Messages, language: UiLanguage): CellValue => {
    const value = row[kind];
    return value === null || value === '' ? null : enumLabel(language, kind, value);
  };

/** The listing's place on the portal, in the words of the inventory's badges. */
function portalText(row: VehicleRow, m: Messages): string {
  if (row.portal === 'on') return m.badges.onPortal;
  if (row.portal === 'pending') return m.badges.unpublishPending;
  return m.badges.offShort[row.notOnPortalReason ?? 'unknown'];
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { id: 'reference', kind: 'text', width: 16, header: (m) => m.detail.fields.reference, value: (r) => r.reference },
  { id: 'title', kind: 'text', width: 40, header: (m) => m.detail.fields.title, value: (r) => r.title },
  { id: 'brand', kind: 'text', width: 14, header: (m) => m.detail.fields.brand, value: (r) => r.brand },
  { id: 'trim', kind: 'text', width: 20, header: (m) => m.detail.fields.trim, value: (r) => r.trim },
  { id: 'type', kind: 'text', width: 10, header: (m) => m.detail.fields.type, value: label('type') },
  { id: 'modelYear', kind: 'year', width: 8, header: (m) => m.detail.fields.modelYear, value: (r) => r.modelYear },
  { id: 'manufacturedYear', kind: 'year', width: 8, header: (m) => m.detail.fields.manufacturedYear, value: (r) => r.manufacturedYear },
  { id: 'fuel', kind: 'text', width: 12, header: (m) => m.detail.fields.fuel, value: label('fuel') },
  { id: 'gearbox', kind: 'text', width: 11, header: (m) => m.detail.fields.gearbox, value: label('gearbox') },
  { id: 'color', kind: 'text', width: 11, header: (m) => m.detail.fields.color, value: label('color') },
  { id: 'mileage', kind: 'count', width: 10, header: (m) => m.filters.mileage, value: (r) => r.mileage },
  { id: 'value', kind: 'money', width: 14, header: (m) => m.filters.price, value: (r) => r.value },
  { id: 'brandNew', kind: 'boolean', width: 8, header: (m) => m.detail.fields.brandNew, value: (r) => r.brandNew },
  { id: 'active', kind: 'boolean', width: 8, header: (m) => m.detail.fields.active, value: (r) => r.active },
  { id: 'portal', kind: 'text', width: 22, header: (m) => m.export.columns.portal, value: (r, m) => portalText(r, m) },
  { id: 'highlighted', kind: 'boolean', width: 10, header: (m) => m.filters.highlighted, value: (r) => r.highlighted },
  { id: 'photos', kind: 'count', width: 7, header: (m) => m.export.columns.photos, value: (r) => r.pictureCount },
  { id: 'rejectedPhotos', kind: 'count', width: 9, header: (m) => m.export.columns.rejectedPhotos, value: (r) => r.rejectedPhotoCount },
  { id: 'problems', kind: 'count', width: 9, header: (m) => m.export.columns.problems, value: (r) => r.problemCount },
  { id: 'plate', kind: 'text', width: 10, header: (m) => m.detail.fields.licensePlate, value: (r) => r.plate },
  { id: 'url', kind: 'text', width: 40, header: (m) => m.detail.fields.url, value: (r) => r.url },
  { id: 'updatedAt', kind: 'datetime', width: 17, header: (m) => m.detail.fields.updatedAt, value: (r) => r.updatedAt },
];

/** The headers in `language`. */
export function exportHeaders(language: UiLanguage, columns: readonly ExportColumn[] = EXPORT_COLUMNS): string[] {
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
export function rowCells(row: VehicleRow, language: UiLanguage, columns: readonly ExportColumn[] = EXPORT_COLUMNS): Array<CellValue | Date> {
  const m = MESSAGES[language];
  return columns.map((c) => {
    const value = c.value(row, m, language);
    return c.kind === 'datetime' && typeof value === 'string' ? (localWallClock(value) ?? value) : value;
  });
}
