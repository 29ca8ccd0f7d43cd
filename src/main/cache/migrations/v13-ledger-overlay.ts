// Schema 13: a listing's unpublish is no longer kept on its row (unpublish_pending,
// unpublish_error, and portal_state generated from them) but in the pending-change ledger of the
// local file, whose open changes overlay the listing (shared/pending-overlay.ts). Frozen: what
// each old mark meant is written out here.
import type Database from 'better-sqlite3';

type Db = Database.Database;

/** Whether listing `v` shows what change `c` asked for, as the four publication kinds said when this shipped. */
const REACHED = `CASE c.kind WHEN 'unpublish' THEN v.published = 0 WHEN 'publish' THEN v.published = 1
  WHEN 'highlight' THEN v.published = 1 AND v.highlighted = 1 WHEN 'unhighlight' THEN v.highlighted = 0 ELSE 0 END`;
const UNPUBLISH = `'unpublish', 'unpublishRefused', '{"statuses":["sent"],"fields":{"portal":"pending"}}'`;

export function up(db: Db): void {
  const now = new Date().toISOString();
  db.prepare(
    // An unpublish the portal accepted was pending while its row said so, and only the latest:
    // the row's mark was cleared when a read confirmed it (the ledger's entry never was).
    `UPDATE local.pending_changes AS c SET status = 'confirmed', closed_at = coalesce(c.last_attempt_at, c.created_at)
      WHERE c.kind = 'unpublish' AND c.status = 'sent' AND c.closed_at IS NULL
        AND (NOT EXISTS (SELECT 1 FROM main.vehicles v WHERE v.reference = c.reference AND v.unpublish_pending IS NOT NULL)
          OR c.id < (SELECT max(l.id) FROM local.pending_changes l WHERE l.reference = c.reference AND l.kind = 'unpublish' AND l.status = 'sent'))`,
  ).run();
  // Sent straight to the portal by an older version (before every unpublish went through the outbox): the row alone knew.
  db.prepare(
    `INSERT INTO local.pending_changes (kind, reference, slot, reason, overlay, status, attempts, created_at, last_attempt_at)
      SELECT 'unpublish', v.reference, ${UNPUBLISH}, 'sent', 1, v.unpublish_pending, v.unpublish_pending FROM main.vehicles v
      WHERE v.unpublish_pending IS NOT NULL AND v.published = 1 AND NOT EXISTS (
        SELECT 1 FROM local.pending_changes c WHERE c.reference = v.reference AND c.kind = 'unpublish' AND c.status = 'sent' AND c.closed_at IS NULL)`,
  ).run();
  // A refusal mattered while the row kept it; the row's own refusal without an entry becomes one.
  db.prepare(
    `UPDATE local.pending_changes AS c SET closed_at = ?
      WHERE c.kind = 'unpublish' AND c.status = 'refused' AND c.closed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM main.vehicles v WHERE v.reference = c.reference AND v.unpublish_error IS NOT NULL AND v.published = 1)`,
  ).run(now);
  db.prepare(
    `INSERT INTO local.pending_changes (kind, reference, slot, reason, overlay, status, attempts, error_code, error_params, created_at, last_attempt_at)
      SELECT 'unpublish', v.reference, ${UNPUBLISH}, 'refused', 1, 'ledger.said', json_object('message', v.unpublish_error), ?, ? FROM main.vehicles v
      WHERE v.unpublish_error IS NOT NULL AND v.published = 1 AND NOT EXISTS (
        SELECT 1 FROM local.pending_changes c WHERE c.reference = v.reference AND c.kind = 'unpublish' AND c.status = 'refused' AND c.closed_at IS NULL)`,
  ).run(now, now);
  // A request stopped mattering once its listing showed what it asked (an accepted one, applied late, is confirmed by that read).
  db.prepare(
    `UPDATE local.pending_changes AS c SET closed_at = ?, status = CASE WHEN c.status = 'refused' THEN 'refused' ELSE 'confirmed' END
      FROM main.vehicles v
      WHERE v.reference = c.reference AND c.status IN ('sent', 'refused', 'not_applied') AND c.closed_at IS NULL AND (${REACHED})`,
  ).run(now);
  db.exec(`
    ALTER TABLE vehicles DROP COLUMN portal_state;
    ALTER TABLE vehicles DROP COLUMN unpublish_pending;
    ALTER TABLE vehicles DROP COLUMN unpublish_error;
    DROP TRIGGER IF EXISTS local.outbox_insert;
    DROP VIEW IF EXISTS local.outbox;
  `);
}
