// XLSX with typed cells, streamed: each window of rows becomes worksheet XML and goes to the zip's
// deflate as it is added, so 100,000 listings never sit in memory as a workbook. We write the
// SpreadsheetML ourselves (xlsx-parts.ts): none of the libraries we measured was fast enough on
// two cores (docs/xlsx-writer.md; the export bench shows exceljs beside us). A row here is one string. Number formats are written in the file's own notation (`.`
// decimal, `,` grouping) and Excel shows them in the reader's locale; dates are real dates (Excel
// serials of the local wall-clock time), yes/no 1 or 0 shown as the CSV's words, text inline strings. A
// shared-strings table was measured: most texts are distinct (references, titles, plates) and
// held in memory until the end, for a little less XML, no less deflate time and a slightly
// smaller file: not worth it (docs/measurements.md).
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { UiLanguage } from '../../shared/views';
import { exportHeaders, MESSAGES, rowCells, type CellKind, type CellValue, type ExportColumn, type ExportRecord } from './columns';
import {
  columnName,
  CONTENT_TYPES,
  FIRST_FORMAT_STYLE,
  HEADER_STYLE,
  PACKAGE_RELS,
  SHEET_PATH,
  sheetHead,
  sheetTail,
  stylesXml,
  WORKBOOK_RELS,
  workbookXml,
  xmlText,
} from './xlsx-parts';
import { ZipWriter } from './zip';

/** A yes/no cell is 1 or 0 shown as the CSV's words (Excel shows a real boolean as TRUE/FALSE, in English). */
const yesNo = (language: UiLanguage): string => `"${MESSAGES[language].common.yes}";"${MESSAGES[language].common.yes}";"${MESSAGES[language].common.no}"`;

export const NUMBER_FORMATS: Record<UiLanguage, Partial<Record<CellKind, string>>> = {
  en: { year: '0', count: '#,##0', money: '"R$" #,##0.00', datetime: 'yyyy-mm-dd hh:mm', boolean: yesNo('en') },
  'pt-BR': { year: '0', count: '#,##0', money: '"R$" #,##0.00', datetime: 'dd/mm/yyyy hh:mm', boolean: yesNo('pt-BR') },
};

/** The most characters Excel keeps in a cell; a longer text makes it refuse the whole file. */
export const EXCEL_CELL_MAX = 32_767;

const fit = (text: string): string => (text.length > EXCEL_CELL_MAX ? `${text.slice(0, EXCEL_CELL_MAX - 1)}…` : text);

/** Excel's serial day number of a wall-clock Date (see localWallClock): days since 1899-12-30. */
const excelSerial = (wall: Date): number => wall.getTime() / 86_400_000 + 25_569;

/**
 * How much worksheet XML may wait for the deflate before the export stops reading rows: a few
 * windows (each well under a MB), so the next window is read while the previous one compresses.
 */
const SHEET_BUFFER = 4 * 1024 * 1024;

/** Leading or trailing white space, which XML would let a reader drop unless told to keep it. */
const padded = (text: string): boolean => text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);

function textCell(head: string, text: string): string {
  const t = padded(text) ? '<t xml:space="preserve">' : '<t>';
  return `${head} t="inlineStr"><is>${t}${xmlText(fit(text))}</t></is></c>`;
}

export class XlsxRowWriter<R = ExportRecord> {
  /** The worksheet's stream: the export waits for it to drain between windows. */
  readonly input: Writable;
  private readonly zip: ZipWriter;
  /** Per column, the start of its cells' reference (`<c r="B`) and its style attribute (` s="3"` or ''). */
  private readonly heads: string[];
  private readonly styles: string[];
  private readonly lastColumn: string;
  private rowNumber = 1;

  constructor(
    private readonly out: Writable,
    private readonly language: UiLanguage,
    private readonly columns: readonly ExportColumn<R>[],
    /** The worksheet's name (the dictionaries' `export.sheet` or another export's). */
    private readonly sheet: string = MESSAGES[language].export.sheet,
  ) {
    const formats = NUMBER_FORMATS[language];
    const codes = [...new Set(columns.map((c) => formats[c.kind]).filter((code) => code !== undefined))];
    this.heads = columns.map((_, i) => `<c r="${columnName(i)}`);
    this.styles = columns.map((c) => {
      const code = formats[c.kind];
      return code === undefined ? '' : ` s="${FIRST_FORMAT_STYLE + codes.indexOf(code)}"`;
    });
    this.lastColumn = columnName(columns.length - 1);

    this.zip = new ZipWriter(out);
    this.zip.addFile('[Content_Types].xml', CONTENT_TYPES);
    this.zip.addFile('_rels/.rels', PACKAGE_RELS);
    this.zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    this.zip.addFile('xl/styles.xml', stylesXml(codes));
    this.input = this.zip.addStream(SHEET_PATH, SHEET_BUFFER);
    const header = exportHeaders(language, columns).map((text, i) => textCell(`${this.heads[i]}1" s="${HEADER_STYLE}"`, text));
    this.input.write(`${sheetHead(columns.map((c) => c.width))}<row r="1">${header.join('')}</row>`);
  }

  add(rows: readonly R[]): void {
    let xml = '';
    for (const row of rows) xml += this.rowXml(rowCells(row, this.language, this.columns));
    this.input.write(xml);
  }

  private rowXml(values: ReadonlyArray<CellValue | Date>): string {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue; // an empty cell is no cell
      const head = `${this.heads[i]}${r}"`;
      if (typeof value === 'string') xml += textCell(head, value);
      else if (typeof value === 'boolean') xml += `${head}${this.styles[i]}><v>${value ? 1 : 0}</v></c>`;
      else if (typeof value === 'number') xml += Number.isFinite(value) ? `${head}${this.styles[i]}><v>${value}</v></c>` : '';
      else xml += `${head}${this.styles[i]}><v>${excelSerial(value)}</v></c>`;
    }
    return `${xml}</row>`;
  }

  /** Writes the rest of the workbook and ends the stream. */
  async finish(): Promise<void> {
    const last = `${this.lastColumn}${this.rowNumber}`;
    this.input.end(sheetTail(`A1:${last}`));
    await finished(this.input);
    this.zip.addFile('xl/workbook.xml', workbookXml(this.sheet, `$A$1:$${this.lastColumn}$${this.rowNumber}`));
    await this.zip.finish();
    this.out.end();
    await finished(this.out);
  }
}
