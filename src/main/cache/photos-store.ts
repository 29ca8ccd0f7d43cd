// Which picture sources the photo cache knows, where their bytes are, and which to evict first.
// The file itself is written by the photo downloader; this is its bookkeeping.
import type { PhotoStatus } from '../../shared/inventory';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';

export interface PhotoRecord {
  id: number;
  sourceUrl: string;
  reference: string | null;
  filePath: string | null;
  contentHash: string | null;
  bytes: number | null;
  contentType: string | null;
  status: PhotoStatus;
  lastError: string | null;
  attempts: number;
  createdAt: string;
  lastUsedAt: string | null;
}

interface DbPhoto {
  id: number;
  source_url: string;
  reference: string | null;
  file_path: string | null;
  content_hash: string | null;
  bytes: number | null;
  content_type: string | null;
  status: PhotoStatus;
  last_error: string | null;
  attempts: number;
  created_at: string;
  last_used_at: string | null;
}

const toPhoto = (r: DbPhoto): PhotoRecord => ({
  id: r.id,
  sourceUrl: r.source_url,
  reference: r.reference,
  filePath: r.file_path,
  contentHash: r.content_hash,
  bytes: r.bytes,
  contentType: r.content_type,
  status: r.status,
  lastError: r.last_error,
  attempts: r.attempts,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export interface CachedFile {
  filePath: string;
  contentHash: string;
  bytes: number;
  contentType: string;
}

/** One stored file and the pictures that use it (identical pictures share one file). */
export interface FileGroup {
  filePath: string;
  bytes: number;
  ids: number[];
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;

export function createPhotoStore(db: Db, clock: Clock) {
  const register = db.prepare('INSERT INTO photos (source_url, reference, created_at) VALUES (?, ?, ?) ON CONFLICT (source_url) DO NOTHING');
  const byId = db.prepare<[number], DbPhoto>('SELECT * FROM photos WHERE id = ?');
  const bySource = db.prepare<[string], DbPhoto>('SELECT * FROM photos WHERE source_url = ?');
  const cached = db.prepare(
    "UPDATE photos SET status = 'cached', file_path = ?, content_hash = ?, bytes = ?, content_type = ?, last_error = NULL, attempts = attempts + 1, last_used_at = ? WHERE id = ?",
  );
  const failed = db.prepare("UPDATE photos SET status = 'failed', last_error = ?, attempts = attempts + 1 WHERE id = ?");
  const evicted = db.prepare("UPDATE photos SET status = 'evicted', file_path = NULL WHERE id = ?");
  const touch = db.prepare('UPDATE photos SET last_used_at = ? WHERE id = ?');
  const toFetch = db.prepare<[number, number], DbPhoto>(
    "SELECT * FROM photos WHERE status = 'pending' OR (status = 'failed' AND attempts < ?) ORDER BY id LIMIT ?",
  );
  const lru = db.prepare<[], DbPhoto>("SELECT * FROM photos WHERE status = 'cached' ORDER BY last_used_at, id");
  const total = db.prepare<[], { bytes: number | null }>("SELECT sum(bytes) AS bytes FROM photos WHERE status = 'cached'");
  const orphans = db.prepare<[], DbPhoto>(
    `SELECT * FROM photos WHERE reference IS NOT NULL AND status = 'cached'
       AND reference NOT IN (SELECT reference FROM vehicles)`,
  );

  const groups = db.prepare<[], { file_path: string; bytes: number | null; ids: string }>(
    `SELECT file_path, max(bytes) AS bytes, group_concat(id) AS ids FROM photos
      WHERE status = 'cached' AND file_path IS NOT NULL
      GROUP BY file_path ORDER BY max(coalesce(last_used_at, '')), min(id)`,
  );
  const refs = db.prepare<[], { file_path: string; bytes: number | null; refs: number }>(
    "SELECT file_path, max(bytes) AS bytes, count(*) AS refs FROM photos WHERE status = 'cached' AND file_path IS NOT NULL GROUP BY file_path",
  );
  const stillUsed = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM photos WHERE status = 'cached' AND file_path = ?");
  const failedTransient = db.prepare("UPDATE photos SET status = 'failed', last_error = ? WHERE id = ?");
  const reset = db.prepare(
    "UPDATE photos SET status = 'pending', file_path = NULL, content_hash = NULL, bytes = NULL, content_type = NULL, last_error = NULL, attempts = 0, last_used_at = NULL",
  );
  const orphanIds = db
    .prepare<[], number>("SELECT id FROM photos WHERE status = 'cached' AND reference IS NOT NULL AND reference NOT IN (SELECT reference FROM vehicles)")
    .pluck();

  return {
    /** Registers a listing's picture sources (known ones keep their state); returns their records in the given order. */
    register(reference: string | null, sources: readonly string[]): PhotoRecord[] {
      const at = isoNow(clock);
      return db.transaction(() =>
        sources.map((source) => {
          register.run(source, reference, at);
          return toPhoto(bySource.get(source) as DbPhoto);
        }),
      )();
    },
    get(id: number): PhotoRecord | null {
      const r = byId.get(id);
      return r === undefined ? null : toPhoto(r);
    },
    bySource(source: string): PhotoRecord | null {
      const r = bySource.get(source);
      return r === undefined ? null : toPhoto(r);
    },
    markCached(id: number, file: CachedFile): void {
      cached.run(file.filePath, file.contentHash, file.bytes, file.contentType, isoNow(clock), id);
    },
    markFailed(id: number, error: string): void {
      failed.run(error, id);
    },
    markEvicted(id: number): void {
      evicted.run(id);
    },
    /** The photo was shown: it moves to the back of the eviction queue. */
    markUsed(id: number): void {
      touch.run(isoNow(clock), id);
    },
    /** Shown at `at` (the photo cache's clock): they move to the back of the eviction queue. */
    markUsedAt(ids: Iterable<number>, at: string): void {
      db.transaction(() => {
        for (const id of ids) touch.run(at, id);
      })();
    },
    /** A failure worth retrying at every sync (offline, timeout, 5xx): does not use up attempts. */
    markFailedTransient(id: number, error: string): void {
      failedTransient.run(error, id);
    },
    /** Every picture back to "not downloaded" (the files were cleared). */
    resetAll(): void {
      reset.run();
    },
    /** Stored files, least recently used first (a file shared by several pictures counts as used when any of them is). */
    filesByLastUse(): FileGroup[] {
      return groups.all().map((g) => ({ filePath: g.file_path, bytes: g.bytes ?? 0, ids: g.ids.split(',').map(Number) }));
    },
    /** Each stored file with its size and how many cached pictures use it. */
    fileRefs(): Array<{ filePath: string; bytes: number; refs: number }> {
      return refs.all().map((r) => ({ filePath: r.file_path, bytes: r.bytes ?? 0, refs: r.refs }));
    },
    isFileStillUsed(filePath: string): boolean {
      return (stillUsed.get(filePath)?.n ?? 0) > 0;
    },
    /** Ids of cached pictures of listings no longer in the cache. */
    orphanIds(): number[] {
      return orphanIds.all();
    },
    /** Pictures waiting for a download, failures retried up to `maxAttempts`. */
    toDownload(limit: number, maxAttempts = 3): PhotoRecord[] {
      return toFetch.all(maxAttempts, limit).map(toPhoto);
    },
    cachedBytes(): number {
      return total.get()?.bytes ?? 0;
    },
    /** Least recently used cached photos to evict until the cache fits in `budgetBytes`. */
    overBudget(budgetBytes: number): PhotoRecord[] {
      let excess = this.cachedBytes() - budgetBytes;
      const out: PhotoRecord[] = [];
      if (excess <= 0) return out;
      for (const r of lru.iterate()) {
        out.push(toPhoto(r));
        excess -= r.bytes ?? 0;
        if (excess <= 0) break;
      }
      return out;
    },
    /** Cached photos of listings the portal no longer has. */
    orphans(): PhotoRecord[] {
      return orphans.all().map(toPhoto);
    },
  };
}
