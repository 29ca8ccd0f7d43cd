// The reference the export bench measures our XLSX writer against: exceljs's streaming writer
// (the best-known well-kept XLSX library, and the one the app used before src/main/export/xlsx.ts)
// writing the same rows, columns, number formats, frozen header and filter, tuned as it was in the
// app: one style object per column, shared by its cells (a new object per cell is 3× slower).
// Kept in bench/ only, so every bench run shows the choice's cost side by side (docs/xlsx-writer.md).
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

import type { UiLanguage } from '../../src/shared/views';
import { EXPORT_COLUMNS, exportHeaders, MESSAGES, rowCells, type ExportRecord } from '../../src/main/export/columns';
import { EXCEL_CELL_MAX, NUMBER_FORMATS } from '../../src/main/export/xlsx';

const fit = (value: unknown): unknown => (typeof value === 'string' && value.length > EXCEL_CELL_MAX ? `${value.slice(0, EXCEL_CELL_MAX - 1)}…` : value);

export class ExcelJsRowWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly styles: Array<Partial<ExcelJS.Style> | undefined>;

  constructor(
    stream: Writable,
    private readonly language: UiLanguage,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.sheet = this.workbook.addWorksheet(MESSAGES[language].export.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = EXPORT_COLUMNS.map((c) => ({ key: c.id, width: c.width }));
    const formats = NUMBER_FORMATS[language];
    this.styles = EXPORT_COLUMNS.map((c) => {
      const numFmt = formats[c.kind];
      return numFmt === undefined ? undefined : { numFmt };
    });
    const header = this.sheet.addRow(exportHeaders(language));
    header.font = { bold: true };
    header.commit();
  }

  add(rows: readonly ExportRecord[]): void {
    for (const row of rows) {
      const line = this.sheet.addRow(rowCells(row, this.language, EXPORT_COLUMNS).map(fit));
      line.eachCell((cell, index) => {
        const style = this.styles[index - 1];
        if (style !== undefined) cell.style = style;
      });
      line.commit();
    }
  }

  async finish(rowCount: number): Promise<void> {
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rowCount + 1, column: EXPORT_COLUMNS.length } };
    this.sheet.commit();
    await this.workbook.commit();
  }
}
