// Which state of the vehicles table a derived structure (the in-memory snapshot, a search's
// match set) was computed from. A token changes whenever the listings may have changed:
// - this connection's writes, whoever makes them (the stores, a test's raw SQL): temporary
//   triggers on the filter and search columns bump a counter in JS. A sync's `last_seen_run`
//   touch of unchanged rows, staging, photo and outbox writes leave it alone;
// - another connection's commits (the command line, a second window): PRAGMA data_version.
// Inside a transaction the state may still roll back, so what is computed there is never kept.
import type { Db } from './db';

export interface Generation {
  /** The current token; compare with `===`. */
  token(): string;
  /** False inside a transaction: what is computed now must not be cached. */
  cacheable(): boolean;
}

// Columns whose change can change a filter, a facet, a sort or the search text. A full update of
// a listing (new JSON) sets all of them; `last_seen_run` alone does not. The search index cannot
// carry triggers (a virtual table), but it is only written with its listing's row.
const WATCHED = [
  'reference', 'title', 'brand', 'brand_id', 'model_id', 'trim', 'type', 'fuel', 'gearbox', 'color', 'manufactured_year',
  'model_year', 'value', 'mileage', 'brand_new', 'active', 'published', 'highlighted', 'updated_at', 'updated_ms',
  'picture_count', 'rejected_photo_count', 'has_problems', 'problem_count', 'url', 'plate', 'plate_normalized', 'cover_url',
  'unpublish_pending', 'unpublish_error', 'off_cause', 'first_seen_run',
];

const FUNCTION = 'showroom_vehicles_changed';
const byDb = new WeakMap<Db, Generation>();

/** One per connection: every cache opened on the same `Db` shares it (the triggers are per connection). */
export function generationOf(db: Db): Generation {
  const existing = byDb.get(db);
  if (existing) return existing;
  let local = 0;
  db.function(FUNCTION, { deterministic: false }, () => {
    local++;
    return null;
  });
  // TEMP triggers live in this connection only: other processes never see (or need) the function.
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS showroom_vehicles_inserted AFTER INSERT ON main.vehicles BEGIN SELECT ${FUNCTION}(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS showroom_vehicles_deleted AFTER DELETE ON main.vehicles BEGIN SELECT ${FUNCTION}(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS showroom_vehicles_updated AFTER UPDATE OF ${WATCHED.join(', ')} ON main.vehicles BEGIN SELECT ${FUNCTION}(); END;
  `);
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const generation: Generation = {
    token: () => `${String(dataVersion.get())}:${local}`,
    cacheable: () => !db.inTransaction,
  };
  byDb.set(db, generation);
  return generation;
}
