// Where an export started in the app goes. The shell decides (BackendDeps.exportDestination): the
// Electron app asks with a native save dialog and writes where the dealer chose; the browser shell
// writes into a temporary folder and hands the renderer a one-time download address, so the
// browser's own download UI takes over. The backend's handler is the same for both.
import { MESSAGES } from './columns';
import type { ExportFormat, UiLanguage } from '../../shared/views';

/** What the shell is asked for: a place for a file the dealer would call `fileName`. */
export interface ExportRequest {
  /** The suggested name, with its extension (exportFileName). */
  fileName: string;
  format: ExportFormat;
  language: UiLanguage;
}

/** How the renderer gets the file once it is written whole. */
export type ExportDelivery = { kind: 'saved'; file: string } | { kind: 'download'; url: string; fileName: string };

export interface ExportPlace {
  /** The path to write (the export writes beside it and renames into place when whole). */
  file: string;
  /** Called once the file is complete. */
  deliver(): ExportDelivery;
}

export interface ExportDestination {
  /** Null: the dealer cancelled (a normal outcome, not an error). */
  place(request: ExportRequest): Promise<ExportPlace | null>;
}

/** What each format is, for a download's Content-Type. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `showroom-listings-2026-11-22.csv` (the base name in the dealer's language, today's local date); `showroom-sold-…` for the Sold view. */
export function exportFileName(language: UiLanguage, format: ExportFormat, now: Date, what: 'inventory' | 'sold' = 'inventory'): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const { fileName, soldFileName } = MESSAGES[language].export;
  return `${what === 'sold' ? soldFileName : fileName}-${date}.${format}`;
}
