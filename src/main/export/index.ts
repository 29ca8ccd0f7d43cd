// Export the inventory as the dealer sees it (search, filters, sort) to a CSV or XLSX file, or the
// Sold view (its search and filters: sold-columns.ts). The file is written beside its destination
// under a temporary name and renamed into place only when whole: a failed or cancelled export never
// leaves a half file, nor replaces a good one with it.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isAppError, type AppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { InventoryQuery } from '../../shared/inventory';
import type { ExportFormat, ExportProgressView, UiLanguage } from '../../shared/views';
import type { DepartedQuery } from '../../shared/sold';
import type { Cache } from '../cache';
import { EXPORT_COLUMNS, MESSAGES, type ExportColumn } from './columns';
import { CsvRowWriter } from './csv';
import { DEPARTED_EXPORT_COLUMNS, departedBatches } from './sold-columns';
import { inventoryBatches, type RowBatch } from './source';
import { XlsxRowWriter } from './xlsx';
import { PRIVATE_FILE_MODE } from '../base/private-files';

export { EXPORT_FORMATS, type ExportFormat } from '../../shared/views';
export type { ExportProgressView as ExportProgress } from '../../shared/views';

interface WriteOptions {
  format: ExportFormat;
  /** Where the file goes (replaced if it exists, once the export is complete). */
  file: string;
  /** Headers, words and number and date notation (CSV) follow this language. */
  language: UiLanguage;
  /** After each window of rows (a few hundred) is written. */
  onProgress?: (progress: ExportProgressView) => void;
  signal?: AbortSignal;
}

export interface ExportOptions extends WriteOptions {
  /** As on screen; its window is ignored: every match is exported. */
  query: InventoryQuery;
}

export interface SoldExportOptions extends WriteOptions {
  /** The Sold view's search and filters; its limit is ignored: every match is exported. */
  query: Omit<DepartedQuery, 'limit'>;
}

export interface ExportResult {
  file: string;
  rows: number;
  bytes: number;
}

interface RowSink<R> {
  /** Where the rows go first: the export waits for it to drain before reading more. */
  readonly input: Writable;
  add(rows: readonly R[]): void;
  finish(): Promise<void>;
}

/** What is exported: the columns of its records, and the worksheet's name. */
interface ExportShape<R> {
  columns: readonly ExportColumn<R>[];
  sheet: string;
}

function sinkFor<R>(format: ExportFormat, stream: WriteStream, language: UiLanguage, shape: ExportShape<R>): RowSink<R> {
  if (format === 'xlsx') return new XlsxRowWriter(stream, language, shape.columns, shape.sheet);
  const csv = new CsvRowWriter(language, shape.columns);
  let started = false;
  return {
    input: stream,
    add(rows) {
      stream.write(csv.write(rows));
      started = true;
    },
    async finish() {
      if (!started) stream.write(csv.write([])); // the header line, even for no rows
      stream.end();
      await finished(stream);
    },
  };
}

/** What a failed write of `file` means to the dealer (a message code: the app and the CLI say it in their language). */
function fileError(error: unknown, file: string): AppError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail = { file, code: code ?? null, cause: error instanceof Error ? error.message : String(error) };
  const params = { file };
  if (code === 'ENOENT' || code === 'ENOTDIR') return codedError('bad_input', { code: 'export.noFolder', params }, detail);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return codedError('bad_input', { code: 'export.notAllowed', params }, detail);
  if (code === 'EISDIR') return codedError('bad_input', { code: 'export.isFolder', params }, detail);
  if (code === 'ENOSPC' || code === 'EDQUOT') return codedError('database', { code: 'export.diskFull', params }, detail);
  return codedError('database', { code: 'export.failed', params }, detail);
}

const cancelled = () => codedError('cancelled', { code: 'export.cancelled' });

export function exportInventory(cache: Cache, options: ExportOptions): Promise<ExportResult> {
  const shape = { columns: EXPORT_COLUMNS, sheet: MESSAGES[options.language].export.sheet };
  return writeExport(options, shape, inventoryBatches(cache, options.query));
}

/** The Sold view: every listing that left the stock its search and filters select, newest first. */
export function exportSold(cache: Cache, options: SoldExportOptions): Promise<ExportResult> {
  const shape = { columns: DEPARTED_EXPORT_COLUMNS, sheet: MESSAGES[options.language].export.soldSheet };
  return writeExport(options, shape, departedBatches(cache, options.query));
}

async function writeExport<R>(options: WriteOptions, shape: ExportShape<R>, batches: Iterable<RowBatch<R>>): Promise<ExportResult> {
  const { file, signal } = options;
  const partial = `${file}.${process.pid}.partial`;
  const stream = createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
  let streamError: Error | undefined;
  const keepError = (error: Error) => {
    streamError ??= error;
  };
  stream.on('error', keepError);
  let sink: RowSink<R> | undefined;
  try {
    await once(stream, 'open');
    sink = sinkFor(options.format, stream, options.language, shape);
    if (sink.input !== stream) sink.input.on('error', keepError);
    let rows = 0;
    for (const batch of batches) {
      if (signal?.aborted) throw cancelled();
      if (streamError !== undefined) throw streamError;
      sink.add(batch.rows);
      rows = batch.done;
      options.onProgress?.({ done: batch.done, total: batch.total });
      // Let the disk take what was written before reading more (memory stays at a window or so).
      if (sink.input.writableNeedDrain) await once(sink.input, 'drain', signal ? { signal } : {});
      // And let the thread hear a Cancel between windows even when the disk never made it wait.
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (signal?.aborted) throw cancelled();
    await sink.finish();
    if (streamError !== undefined) throw streamError;
    await rename(partial, file);
    return { file, rows, bytes: (await stat(file)).size };
  } catch (error) {
    sink?.input.destroy();
    stream.destroy();
    await rm(partial, { force: true });
    if (isAppError(error)) throw error;
    if ((error as Error | undefined)?.name === 'AbortError') throw cancelled();
    throw fileError(error, file);
  }
}

export { CSV_DIALECTS } from './csv';
export { EXPORT_COLUMNS, exportHeaders } from './columns';
