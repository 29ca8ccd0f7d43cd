// The photo cache's own reads and writes on the `photos` table, beside the cache's photo store:
// which pictures the cached listings have, disk use counted per file (identical pictures share
// one), and eviction candidates grouped by file.
import type { Cache } from '../cache';
import { pictureSchema, picturesInOrder, type Picture } from '../../shared/vehicle';

export interface ListingPicture {
  reference: string;
  source: string;
}

export interface FileGroup {
  filePath: string;
  bytes: number;
  ids: number[];
}

/** Pictures of a vehicle's raw JSON, in display order; tolerant: a malformed picture is skipped, not fatal. */
export function picturesOfRaw(raw: string): Picture[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = json !== null && typeof json === 'object' ? (json as { pictures?: unknown }).pictures : undefined;
  if (!Array.isArray(list)) return [];
  const pictures: Picture[] = [];
  for (const item of list) {
    const parsed = pictureSchema.safeParse(item);
    if (parsed.success) pictures.push(parsed.data);
  }
  return picturesInOrder(pictures);
}

export type Ledger = ReturnType<typeof createLedger>;

export function createLedger(cache: Cache) {
  const db = cache.db;
  const covers = db.prepare<[], ListingPicture>('SELECT reference, cover_url AS source FROM vehicles WHERE cover_url IS NOT NULL ORDER BY id');
  const raws = db.prepare<[], { reference: string; raw: string }>(
    'SELECT v.reference, j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id ORDER BY v.id',
  );
  const rawOf = db.prepare<[string], { raw: string }>('SELECT j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id WHERE v.reference = ?');
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
  const touch = db.prepare('UPDATE photos SET last_used_at = ? WHERE id = ?');
  const reset = db.prepare(
    "UPDATE photos SET status = 'pending', file_path = NULL, content_hash = NULL, bytes = NULL, content_type = NULL, last_error = NULL, attempts = 0, last_used_at = NULL",
  );
  const orphans = db.prepare<[], { id: number }>(
    "SELECT id FROM photos WHERE status = 'cached' AND reference IS NOT NULL AND reference NOT IN (SELECT reference FROM vehicles)",
  );

  return {
    /** The cover (lowest order) of every cached listing, or every picture of every listing. */
    pictures(scope: 'covers' | 'all'): ListingPicture[] {
      if (scope === 'covers') return covers.all();
      const out: ListingPicture[] = [];
      for (const row of raws.iterate()) for (const p of picturesOfRaw(row.raw)) out.push({ reference: row.reference, source: p.source });
      return out;
    },
    /** Every picture of one listing, in display order; [] when the listing is not cached. */
    picturesOf(reference: string): string[] {
      const row = rawOf.get(reference);
      return row ? picturesOfRaw(row.raw).map((p) => p.source) : [];
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
    /** A failure worth retrying at every sync (offline, timeout, 5xx): does not use up attempts. */
    markFailedTransient(id: number, error: string): void {
      failedTransient.run(error, id);
    },
    touchMany(ids: Iterable<number>, at: string): void {
      db.transaction(() => {
        for (const id of ids) touch.run(at, id);
      })();
    },
    resetAll(): void {
      reset.run();
    },
    /** Cached pictures of listings no longer in the cache. */
    orphanIds(): number[] {
      return orphans.all().map((r) => r.id);
    },
  };
}
