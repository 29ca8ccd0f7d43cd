// CSV that Excel opens as columns of numbers, dates and text in the dealer's language. Excel reads a
// CSV with the list separator and decimal mark of the system's locale, so a pt-BR file uses `;` and
// decimal commas, an English one `,` and points; both start with a UTF-8 BOM (without it Excel
// reads the accents as Windows-1252). Numbers carry no thousands separator, so they stay numbers.
// Text the portal sent that starts like a formula (=, +, -, @) is prefixed with ' so Excel never
// runs it (CSV injection); csv-stringify quotes what needs quoting.
import { stringify, type Options } from 'csv-stringify/sync';
import type { UiLanguage } from '../../shared/views';
import { exportHeaders, MESSAGES, rowCells, type CellValue, type ExportColumn, type ExportRecord } from './columns';

export interface CsvDialect {
  delimiter: string;
  decimal: string;
  /** Day-first (pt-BR) or ISO order (en: Excel reads yyyy-mm-dd in any locale). */
  dateOrder: 'dmy' | 'ymd';
}

export const CSV_DIALECTS: Record<UiLanguage, CsvDialect> = {
  en: { delimiter: ',', decimal: '.', dateOrder: 'ymd' },
  'pt-BR': { delimiter: ';', decimal: ',', dateOrder: 'dmy' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock Date (see localWallClock) as the text Excel reads as a date and time in that locale. */
export function csvDateTime(wall: Date, dialect: CsvDialect): string {
  const date =
    dialect.dateOrder === 'dmy'
      ? `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`
      : `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  return `${date} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** A number without exponent or grouping, with the dialect's decimal mark. */
export function csvNumber(n: number, dialect: CsvDialect): string {
  let text = String(n);
  if (text.includes('e')) text = n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return dialect.decimal === '.' ? text : text.replace('.', dialect.decimal);
}

/** Writes rows as CSV text, a batch at a time; the first call also writes the BOM and the headers. */
export class CsvRowWriter<R = ExportRecord> {
  private readonly options: Options;
  private started = false;

  constructor(
    private readonly language: UiLanguage,
    private readonly columns: readonly ExportColumn<R>[],
  ) {
    const dialect = CSV_DIALECTS[language];
    const m = MESSAGES[language];
    this.options = {
      delimiter: dialect.delimiter,
      record_delimiter: 'windows',
      escape_formulas: true,
      cast: {
        number: (n: number) => csvNumber(n, dialect),
        boolean: (b: boolean) => (b ? m.common.yes : m.common.no),
        date: (d: Date) => csvDateTime(d, dialect),
      },
    };
  }

  /** CSV text for these rows (with the BOM and header line before the first batch). */
  write(rows: readonly R[]): string {
    const records: Array<Array<CellValue | Date>> = [];
    if (!this.started) records.push(exportHeaders(this.language, this.columns));
    for (const row of rows) records.push(rowCells(row, this.language, this.columns));
    const text = stringify(records, this.options);
    const first = !this.started;
    this.started = true;
    return first ? `\uFEFF${text}` : text;
  }
}
