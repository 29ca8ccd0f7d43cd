// The browser shell's one-time downloads: an export is written into a folder of its own inside the
// data folder and offered at /download/<id>, an opaque 256-bit id, once. The route sits behind the
// same cookie and Host checks as everything else (server.ts). A file is removed once it was sent,
// when it was never fetched within the time limit, and whatever a previous run left is removed at
// start: exports hold the dealer's whole stock and must not pile up in the data folder.
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_CONTENT_TYPES, type ExportDestination } from '../export/destination';
import { ensurePrivateDir } from '../base/private-files';

export const DOWNLOAD_ROUTE = '/download/';
/** A download not fetched within this long is removed (the renderer fetches it at once). */
export const DOWNLOAD_TTL_MS = 10 * 60_000;

export interface Offer {
  file: string;
  /** The name the browser saves it under. */
  fileName: string;
  contentType: string;
}

export interface Downloads {
  readonly dir: string;
  /** A new path inside the folder for a file being written. */
  newFile(extension: string): string;
  /** Offers a written file once; returns its id. */
  offer(offer: Offer): string;
  /** The offer for `id`, removed from the list (a second take finds nothing). */
  take(id: string): Offer | undefined;
  /** Removes a file that was taken, once sent (or not). */
  remove(file: string): Promise<void>;
  /** Removes every file and forgets every offer. */
  close(): Promise<void>;
}

const newId = () => randomBytes(32).toString('base64url');

/** Opens the folder, removing what an earlier run left in it. */
export async function createDownloads(options: { dir: string; ttlMs?: number; onError?: (error: unknown) => void }): Promise<Downloads> {
  const { dir } = options;
  const ttlMs = options.ttlMs ?? DOWNLOAD_TTL_MS;
  await ensurePrivateDir(dir);
  await Promise.all((await readdir(dir)).map((name) => rm(join(dir, name), { recursive: true, force: true })));
  const offers = new Map<string, { offer: Offer; timer: NodeJS.Timeout }>();
  const remove = (file: string) => rm(file, { force: true }).catch((error: unknown) => options.onError?.(error));
  return {
    dir,
    newFile: (extension) => join(dir, `${newId()}.${extension}`),
    offer(offer) {
      const id = newId();
      const timer = setTimeout(() => {
        offers.delete(id);
        void remove(offer.file);
      }, ttlMs);
      timer.unref();
      offers.set(id, { offer, timer });
      return id;
    },
    take(id) {
      const entry = offers.get(id);
      if (!entry) return undefined;
      offers.delete(id);
      clearTimeout(entry.timer);
      return entry.offer;
    },
    remove,
    async close() {
      for (const { timer } of offers.values()) clearTimeout(timer);
      offers.clear();
      await rm(dir, { recursive: true, force: true }).catch((error: unknown) => options.onError?.(error));
    },
  };
}

/** The browser shell's destination for exports: a temporary file, then a one-time download address. */
export function downloadDestination(downloads: Downloads): ExportDestination {
  return {
    async place(request) {
      const file = downloads.newFile(request.format);
      return {
        file,
        deliver: () => {
          const id = downloads.offer({ file, fileName: request.fileName, contentType: EXPORT_CONTENT_TYPES[request.format] });
          return { kind: 'download', url: `${DOWNLOAD_ROUTE}${id}`, fileName: request.fileName };
        },
      };
    },
  };
}
