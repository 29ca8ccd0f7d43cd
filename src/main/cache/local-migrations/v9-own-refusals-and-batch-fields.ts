// Local schema 9: two things the ledger had to learn of a change.
// - `checks`: the change's whole body failed Showroom's own rules when it was about to go (a change
//   saved under an older rule, or a listing whose portal data changed since): the failed fields in
//   the dealer's words (shared/listing-write.ts WriteIssue[]). Such a change is refused, not sent
//   again at every sync, until the dealer fixes or discards it.
// - `batch_fields`: the fields of a batched change (a bulk repricing) that are the batch's. A later
//   edit of the dealer's merges into the change; the fields it sets are no longer the batch's, and
//   taking the batch back takes back only what is still the batch's. Existing batched changes: every
//   field of their payload (what they were saved with; a later edit merged before now cannot be told
//   apart).
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE local.pending_changes ADD COLUMN checks TEXT CHECK (checks IS NULL OR json_valid(checks));
    ALTER TABLE local.pending_changes ADD COLUMN batch_fields TEXT CHECK (batch_fields IS NULL OR json_valid(batch_fields));
    UPDATE local.pending_changes SET batch_fields = (SELECT json_group_array(p.key) FROM json_each(payload) p) WHERE batch IS NOT NULL;
  `);
}
