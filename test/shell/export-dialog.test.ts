// The Electron app's save dialog for an export, as decisions: the suggested name and folder, the
// file-type filter in the dealer's language, and what the dialog's answer means.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_CONTENT_TYPES, exportFileName } from '../../src/main/export/destination';
import { chosenExportFile, folderOf, saveDialogOptions } from '../../src/main/shell/export-dialog';

describe('exportFileName', () => {
  it('names the file after the listings and the local date, in the dealer’s language, with the format’s extension', () => {
    const lateEvening = new Date(2026, 10, 22, 23, 59); // local time: the date the dealer sees on the clock
    expect(exportFileName('en', 'csv', lateEvening)).toBe('showroom-listings-2026-11-22.csv');
    expect(exportFileName('pt-BR', 'xlsx', new Date(2026, 0, 5, 0, 1))).toBe('showroom-anuncios-2026-01-05.xlsx');
  });
});

describe('saveDialogOptions', () => {
  it('opens in the given folder with the suggested name, filtering on the format, asking before replacing a file', () => {
    const request = { fileName: 'showroom-listings-2026-11-22.csv', format: 'csv', language: 'en' } as const;
    const options = saveDialogOptions(request, join('/home', 'dealer', 'Documents'));
    expect(options.defaultPath).toBe(join('/home', 'dealer', 'Documents', 'showroom-listings-2026-11-22.csv'));
    expect(options.filters).toEqual([{ name: 'CSV for Excel', extensions: ['csv'] }]);
    expect(options.title).toBe('Export listings');
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('speaks Portuguese to a pt-BR dealer', () => {
    const options = saveDialogOptions({ fileName: 'showroom-anuncios-2026-11-22.xlsx', format: 'xlsx', language: 'pt-BR' }, '/tmp');
    expect(options.filters).toEqual([{ name: 'Pasta de trabalho do Excel', extensions: ['xlsx'] }]);
    expect(options.title).toBe('Exportar anúncios');
    expect(options.buttonLabel).toBe('Salvar');
  });
});

describe('chosenExportFile', () => {
  const csv = { format: 'csv' } as const;
  it('a cancelled dialog, or no name, is no file (not an error)', () => {
    expect(chosenExportFile({ canceled: true, filePath: '/home/dealer/x.csv' }, csv)).toBeNull();
    expect(chosenExportFile({ canceled: false, filePath: '' }, csv)).toBeNull();
    expect(chosenExportFile({ canceled: false }, csv)).toBeNull();
  });

  it('adds the extension when the dealer typed none (Linux dialogs do not), keeps it when present in any case', () => {
    expect(chosenExportFile({ canceled: false, filePath: '/home/dealer/stock' }, csv)).toBe('/home/dealer/stock.csv');
    expect(chosenExportFile({ canceled: false, filePath: '/home/dealer/stock.CSV' }, csv)).toBe('/home/dealer/stock.CSV');
    expect(chosenExportFile({ canceled: false, filePath: '/home/dealer/stock.xlsx' }, { format: 'xlsx' })).toBe('/home/dealer/stock.xlsx');
  });

  it('a name with another extension keeps it and gets the format’s after it, so Excel opens the file', () => {
    expect(chosenExportFile({ canceled: false, filePath: '/home/dealer/stock.txt' }, csv)).toBe('/home/dealer/stock.txt.csv');
    expect(chosenExportFile({ canceled: false, filePath: '/home/dealer/stock.csv' }, { format: 'xlsx' })).toBe('/home/dealer/stock.csv.xlsx');
  });

  it('the next dialog opens in the folder just saved to', () => {
    expect(folderOf(join('/home', 'dealer', 'Desktop', 'stock.csv'))).toBe(join('/home', 'dealer', 'Desktop'));
  });
});

describe('EXPORT_CONTENT_TYPES', () => {
  it('names CSV as UTF-8 text and XLSX as the OOXML spreadsheet type', () => {
    expect(EXPORT_CONTENT_TYPES).toEqual({
      csv: 'text/csv; charset=utf-8',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });
});
