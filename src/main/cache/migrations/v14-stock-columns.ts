// Schema 14: what the insights and the days in stock read per listing is kept on its row, written
// once when the listing is stored, instead of worked out from the sync history and the raw JSON at
// every read: the day since which it is in stock, whether that day is a lower bound (the listing
// was there at the account's first sync), and its description's length. Frozen: the rule of the
// days in stock as it stood when this shipped (shared/stock-age.ts before schema 14) is written out here.
import type Database from 'better-sqlite3';

type Db = Database.Database;

const DAY_MS = 86_400_000;
const FIRST_RUN = "(SELECT min(r.id) FROM sync_runs r WHERE r.outcome = 'ok')";
const RUN_DAY = '(SELECT unixepoch(r.started_at) / 86400 FROM sync_runs r WHERE r.id = vehicles.first_seen_run)';
const AT_LEAST = `(first_seen_run IS NULL OR first_seen_run <= coalesce(${FIRST_RUN}, first_seen_run))`;
/** Later than any day: min() with it keeps the other date. */
const NO_DAY = 1e15;

export function up(db: Db): void {
  db.exec(`
    ALTER TABLE vehicles ADD COLUMN stock_since_day INTEGER;
    ALTER TABLE vehicles ADD COLUMN stock_at_least INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE vehicles ADD COLUMN description_length INTEGER NOT NULL DEFAULT 0;
    UPDATE vehicles SET stock_at_least = ${AT_LEAST};
    UPDATE vehicles SET stock_since_day = CASE WHEN first_seen_run IS NULL THEN updated_ms / ${DAY_MS}
      WHEN stock_at_least = 1 THEN min(${RUN_DAY}, coalesce(updated_ms / ${DAY_MS}, ${NO_DAY}))
      ELSE ${RUN_DAY} END;
    UPDATE vehicles SET description_length = coalesce(
      (SELECT length(coalesce(json_extract(j.raw, '$.description'), '')) FROM vehicle_json j WHERE j.vehicle_id = vehicles.id AND json_valid(j.raw)), 0);
    -- The insights' top models, and the days that are lower bounds by age: walks of these indexes
    -- instead of sorting, or reading, every listing.
    CREATE INDEX vehicles_by_model ON vehicles(brand, model_id, trim);
    CREATE INDEX vehicles_stock_at_least ON vehicles(stock_since_day) WHERE stock_at_least = 1;
  `);
}
