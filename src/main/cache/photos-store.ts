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
