// Local schema 4: the outbox, made for publication requests, becomes the pending-change ledger,
// for every kind of change (main/changes). Frozen: what a kind meant when this step shipped is
// written out here (its slot, its reason to need the dealer, its overlay), never read from the
// live kind modules, whose later edits must not change what an old entry becomes.
import type Database from 'better-sqlite3';

type Db = Database.Database;

const SLOT = "CASE o.kind WHEN 'unpublish' THEN 'unpublish' ELSE 'publication' END";
const REASON = "CASE o.kind WHEN 'unpublish' THEN 'unpublishRefused' WHEN 'publish' THEN 'publishRefused' ELSE 'highlightRefused' END";
/** An unpublish the portal accepted shows the listing as on its way off (main/changes/kinds/unpublish.ts). */
const OVERLAY = `CASE o.kind WHEN 'unpublish' THEN '{"statuses":["sent"],"fields":{"portal":"pending"}}' END`;
/**
 * queued → pending, or sending when a send was cut short (its fate unknown); failed → refused; an
 * accepted request a read long after did not show → not_applied.
 */
const STATUS = `CASE
  WHEN o.status = 'pending' AND o.sending_since IS NOT NULL THEN 'sending'
  WHEN o.status = 'pending' THEN 'pending'
  WHEN o.status = 'sent' AND o.not_applied_at IS NOT NULL THEN 'not_applied'
  WHEN o.status = 'failed' THEN 'refused'
  ELSE o.status END`;

export function up(db: Db): void {
  db.exec(`
    CREATE TABLE local.pending_changes (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      reference TEXT NOT NULL,
      -- What the dealer asked, as the kind's schema validated it.
      payload TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
      -- The listing as it was when the change was made: its updatedAt and what the kind keeps of it.
      base TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(base)),
      -- From the kind, when saved: changes of one slot replace each other (the latest stands), the
      -- reason its refusal needs the dealer, and what the listing shows while it is open.
      slot TEXT NOT NULL,
      reason TEXT NOT NULL,
      overlay TEXT CHECK (overlay IS NULL OR json_valid(overlay)),
      status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'sending', 'sent', 'confirmed', 'refused', 'not_applied', 'discarded')),
      attempts INTEGER NOT NULL DEFAULT 0,
      -- The last error as a message code and its parameters (shared/i18n).
      error_code TEXT,
      error_params TEXT CHECK (error_params IS NULL OR json_valid(error_params)),
      created_at TEXT NOT NULL,
      last_attempt_at TEXT,
      -- Set, durably, just before a send; cleared when the answer is written down.
      sending_since TEXT,
      not_applied_at TEXT,
      -- When it stopped bearing on the listing: confirmed, discarded, or refused and later found as asked.
      closed_at TEXT
    );
    CREATE INDEX local.pending_changes_by_status ON pending_changes(status, id);
    CREATE INDEX local.pending_changes_by_reference ON pending_changes(reference, id);
    CREATE INDEX local.pending_changes_open ON pending_changes(reference, id) WHERE closed_at IS NULL;
    INSERT INTO local.pending_changes (id, kind, reference, slot, reason, overlay, status, attempts, error_code, error_params,
        created_at, last_attempt_at, sending_since, not_applied_at, closed_at)
      SELECT o.id, o.kind, o.reference, ${SLOT}, ${REASON}, ${OVERLAY}, ${STATUS}, o.attempts,
        CASE WHEN o.last_error IS NOT NULL THEN 'ledger.said' END,
        CASE WHEN o.last_error IS NOT NULL THEN json_object('message', o.last_error) END,
        o.created_at, o.last_attempt_at, o.sending_since, o.not_applied_at,
        CASE WHEN o.status = 'confirmed' THEN coalesce(o.last_attempt_at, o.created_at) END
      FROM local.outbox o;
    DROP TABLE local.outbox;
  `);
}

/**
 * A cache file before its schema 8 (a new one, or one cleared, too) moves its own outbox into the
 * local file (migrations/index.ts, step 8, frozen): its INSERT lands in the ledger through this
 * view; the cache's schema 13 drops it. Called whenever the cache is opened below schema 8.
 */
export function legacyOutboxView(db: Db): void {
  db.exec(`
    CREATE VIEW IF NOT EXISTS local.outbox AS SELECT id, kind, reference, created_at, attempts, NULL AS last_error, last_attempt_at, status FROM pending_changes;
    CREATE TRIGGER IF NOT EXISTS local.outbox_insert INSTEAD OF INSERT ON outbox BEGIN
      INSERT INTO pending_changes (id, kind, reference, slot, reason, overlay, status, attempts, error_code, error_params, created_at, last_attempt_at)
        SELECT NEW.id, NEW.kind, NEW.reference, 'unpublish', 'unpublishRefused', '{"statuses":["sent"],"fields":{"portal":"pending"}}',
          CASE NEW.status WHEN 'failed' THEN 'refused' ELSE NEW.status END, NEW.attempts,
          CASE WHEN NEW.last_error IS NOT NULL THEN 'ledger.said' END,
          CASE WHEN NEW.last_error IS NOT NULL THEN json_object('message', NEW.last_error) END,
          NEW.created_at, NEW.last_attempt_at;
    END;
  `);
}
