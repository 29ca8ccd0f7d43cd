// Which state of the listings a derived structure (the in-memory snapshot, a search's match set)
// was computed from. The token changes whenever the listings may have changed:
// - the app's writes to the listings and to the pending changes go through one gateway (writes.ts),
//   which bumps a counter;
// - another connection's commits (the command line, a second window): PRAGMA data_version, of
//   both files (the pending changes, in the local one, overlay the listings and give them reasons
//   to need the dealer);
// - a delete, whoever makes it: a temporary trigger bumps the counter (deletes already run a trigger);
// - a row added behind the store's back: the highest id moves.
// An UPDATE or INSERT trigger would be the catch-all, but any such trigger doubles the cost of a
// sync's writes (measured: SQLite then keeps a statement journal for every insert), so raw SQL that
// updates listings must call `changed(db)` (Cache.invalidate) itself.
// Inside a transaction the state may still roll back, so what is computed there is never kept.
import type { Db } from './db';

export interface Generation {
  /** The current token; compare with `===`. */
  token(): string;
  /** False inside a transaction: what is computed now must not be cached. */
  cacheable(): boolean;
  /** The listings changed on this connection. */
  changed(): void;
}

const FUNCTION = 'showroom_vehicles_changed';
const byDb = new WeakMap<Db, Generation>();

/** One per connection: every cache opened on the same `Db` shares it. */
export function generationOf(db: Db): Generation {
  const existing = byDb.get(db);
  if (existing) return existing;
  let local = 0;
  db.function(FUNCTION, { deterministic: false }, () => {
    local++;
    return null;
  });
  // TEMP: lives in this connection only; other processes never see (or need) the function.
  db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS showroom_vehicles_deleted AFTER DELETE ON main.vehicles BEGIN SELECT ${FUNCTION}(); END;`);
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  // The ledger's file too: a change another process saved or saw refused overlays its listing (shared/pending-changes.ts).
  const attached = db.pragma('database_list') as Array<{ name: string }>;
  const localVersion = attached.some((d) => d.name === 'local') ? db.prepare<[], number>('PRAGMA local.data_version').pluck() : null;
  const maxId = db.prepare('SELECT max(id) FROM vehicles').pluck();
  const generation: Generation = {
    token: () => `${String(dataVersion.get())}:${localVersion?.get() ?? ''}:${local}:${String(maxId.get())}`,
    cacheable: () => !db.inTransaction,
    changed: () => {
      local++;
    },
  };
  byDb.set(db, generation);
  return generation;
}
