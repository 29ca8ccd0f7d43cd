// The Electron app's save dialog for an export, as pure decisions (src/main/index.ts only shows
// it): where it opens (the folder last saved to, else Documents) with the suggested name, which
// file type it filters on, and what its answer means. Cancelling is an outcome, not an error.
import { basename, dirname, extname, join } from 'node:path';
import { MESSAGES } from '../export/columns';
import type { ExportRequest } from '../export/destination';

/** The subset of Electron's SaveDialogOptions we set (kept free of electron's types, for Node tests). */
export interface SaveDialogChoice {
  title: string;
  defaultPath: string;
  buttonLabel: string;
  filters: Array<{ name: string; extensions: string[] }>;
  properties: Array<'showOverwriteConfirmation' | 'createDirectory'>;
}

/** The dialog for `request`, opening in `folder` (the last one saved to, else the Documents folder). */
export function saveDialogOptions(request: ExportRequest, folder: string): SaveDialogChoice {
  const m = MESSAGES[request.language];
  return {
    title: m.exportDialog.title,
    defaultPath: join(folder, request.fileName),
    buttonLabel: m.common.save,
    filters: [{ name: m.export.fileTypes[request.format], extensions: [request.format] }],
    properties: ['showOverwriteConfirmation', 'createDirectory'],
  };
}

/**
 * The file to write from the dialog's answer: null when the dealer cancelled (or gave no name).
 * Linux's dialogs do not add the filter's extension: a name without it gets it, so the file opens
 * in Excel (a name with another extension keeps it and gets ours after: `list.txt.csv`).
 */
export function chosenExportFile(answer: { canceled: boolean; filePath?: string | undefined }, request: Pick<ExportRequest, 'format'>): string | null {
  const path = answer.filePath;
  if (answer.canceled || path === undefined || path.trim() === '' || basename(path).trim() === '') return null;
  const extension = `.${request.format}`;
  return extname(path).toLowerCase() === extension ? path : `${path}${extension}`;
}

/** Where the next dialog opens: the folder of the file just saved. */
export const folderOf = (file: string): string => dirname(file);
