// Local schema 5: what a listing's edit needs beyond the ledger's columns (main/changes/kinds/edit.ts).
// - `conflict`: an edit held back because a field it changes was changed on the portal too, to
//   another value: per field, the dealer's value, the portal's and the one both started from. A
//   held change is never sent until the dealer chose, field by field.
// - `refused_fields`: the portal's words for a refused change, by the field each names.
// - `listing_video`: the video link the dealer typed for a listing (reads never return it, and a
//   PUT without it removes it), sent again with every later edit made here.
// - `sent_pictures`: every photo address Showroom sent for a listing, in the order sent: the portal's
//   reads do not carry a rejected photo's address, so this is how it can be sent again.
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE local.pending_changes ADD COLUMN conflict TEXT CHECK (conflict IS NULL OR json_valid(conflict));
    ALTER TABLE local.pending_changes ADD COLUMN refused_fields TEXT CHECK (refused_fields IS NULL OR json_valid(refused_fields));
    CREATE TABLE local.listing_video (
      reference TEXT PRIMARY KEY,
      video_url TEXT NOT NULL,
      set_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE local.sent_pictures (
      reference TEXT NOT NULL,
      position INTEGER NOT NULL,
      source TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      PRIMARY KEY (reference, position)
    ) WITHOUT ROWID;
  `);
}
