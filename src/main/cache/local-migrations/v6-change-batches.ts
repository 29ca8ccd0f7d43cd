// Local schema 6: changes saved together as one action of the dealer's (a bulk repricing) carry
// that action's id, so the whole batch is shown, summed up and taken back together while unsent.
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE local.pending_changes ADD COLUMN batch TEXT;
    CREATE INDEX local.pending_changes_by_batch ON pending_changes(batch, id) WHERE batch IS NOT NULL;
  `);
}
