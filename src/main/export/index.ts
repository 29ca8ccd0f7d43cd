// Export the inventory as the dealer sees it (search, filters, sort) to a CSV or XLSX file. The file
// is written beside its destination under a temporary name and renamed into place only when whole:
// a failed or cancelled export never leaves a half file, nor replaces a good one with it.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isAppError, type AppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { InventoryQuery } from '../../shared/inventory';
import type { ExportFormat, ExportProgressView, UiLanguage } from '../../shared/views';
import type { Cache } from '../cache';
import { CsvRowWriter } from './csv';
import { inventoryBatches } from './source';
import { XlsxRowWriter } from './xlsx';
import { PRIVATE_FILE_MODE } from '../base/private-files';

export { EXPORT_FORMATS, type ExportFormat } from '../../shared/views';
export type { ExportProgressView as ExportProgress } from '../../shared/views';

export interface ExportOptions {
  format: ExportFormat;
  /** Where the file goes (replaced if it exists, once the export is complete). */
  file: string;
  /** Headers, words and number and date notation (CSV) follow this language. */
  language: UiLanguage;
  /** As on screen; its window is ignored: every match is exported. */
  query: InventoryQuery;
  /** After each window of rows (a few hundred) is written. */
  onProgress?: (progress: ExportProgressView) => void;
  signal?: AbortSignal;
}

export interface ExportResult {
  file: string;
  rows: number;
  bytes: number;
}

interface RowSink {
  /** Where the rows go first: the export waits for it to drain before reading more. */
  readonly input: Writable;
  add(rows: Parameters<CsvRowWriter['write']>[0]): void;
  finish(): Promise<void>;
}

function sinkFor(format: ExportFormat, stream: WriteStream, language: UiLanguage): RowSink {
  if (format === 'xlsx') return new XlsxRowWriter(stream, language);
  const csv = new CsvRowWriter(language);
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

export async function exportInventory(cache: Cache, options: ExportOptions): Promise<ExportResult> {
  const { file, signal } = options;
  const partial = `${file}.${process.pid}.partial`;
  const stream = createWriteStream(partial, { mode: PRIVATE_FILE_MODE });
  let streamError: Error | undefined;
  const keepError = (error: Error) => {
    streamError ??= error;
  };
  stream.on('error', keepError);
  let sink: RowSink | undefined;
  try {
    await once(stream, 'open');
    sink = sinkFor(options.format, stream, options.language);
    if (sink.input !== stream) sink.input.on('error', keepError);
    let rows = 0;
    for (const batch of inventoryBatches(cache, options.query)) {
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
