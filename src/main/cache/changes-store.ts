// What each sync run changed, listing by listing (table sync_changes, schema 9). Written in the
// pass's commit transaction; bounded: the last CHANGES_KEPT_RUNS sync runs (whatever their end), at
// most CHANGES_KEPT_PER_RUN listings each (the run's counts still say how many in all). A first
// sync into an empty cache writes none: every listing is new, and its count says so.
import { z } from 'zod';
import {
  CHANGE_FIELD_NAMES,
  CHANGES_KEPT_PER_RUN,
  CHANGES_KEPT_RUNS,
  FORMER_CHANGE_FIELDS,
  LISTING_CHANGE_KINDS,
  type FieldChange,
  type ListingChange,
  type ListingChangeKind,
} from '../../shared/listing-changes';
import type { Db } from './db';

interface DbChange {
  reference: string;
  kind: ListingChangeKind;
  title: string | null;
  fields: string;
}

const valueSchema = z.union([z.string(), z.number(), z.null()]);
const fieldsSchema = z.array(
  z.object({
    field: z
      .string()
      .transform((name) => FORMER_CHANGE_FIELDS[name] ?? name)
      .pipe(z.enum(CHANGE_FIELD_NAMES as [FieldChange['field'], ...FieldChange['field'][]])),
    from: valueSchema,
    to: valueSchema,
  }),
);

/** The stored fields; a damaged cell reads as "no field known" rather than failing the whole list. */
function parseFields(text: string): FieldChange[] {
  try {
    const parsed = fieldsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const KIND_ORDER = `CASE kind ${LISTING_CHANGE_KINDS.map((k, i) => `WHEN '${k}' THEN ${i}`).join(' ')} END`;

export type ChangeStore = ReturnType<typeof createChangeStore>;

export function createChangeStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sync_changes (run_id, reference, kind, title, fields) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, reference) DO UPDATE SET kind = excluded.kind, title = excluded.title, fields = excluded.fields`,
  );
  const countOf = db.prepare<[number], number>('SELECT count(*) FROM sync_changes WHERE run_id = ?').pluck();
  // Before the removal itself: the rows still say what the listings were called.
  const insertNotSeen = db.prepare(
    `INSERT INTO sync_changes (run_id, reference, kind, title)
     SELECT @run, reference, 'removed', title FROM vehicles WHERE last_seen_run IS NOT @run ORDER BY reference LIMIT @limit
     ON CONFLICT (run_id, reference) DO UPDATE SET kind = 'removed', fields = '[]'`,
  );
  const insertRemoved = db.prepare(
    `INSERT INTO sync_changes (run_id, reference, kind, title)
     SELECT @run, reference, 'removed', title FROM vehicles WHERE reference = @reference
     ON CONFLICT (run_id, reference) DO UPDATE SET kind = 'removed', fields = '[]'`,
  );
  const forget = db.prepare('DELETE FROM sync_changes WHERE run_id = ? AND reference = ?');
  const ofRun = db.prepare<[number], DbChange>(`SELECT reference, kind, title, fields FROM sync_changes WHERE run_id = ? ORDER BY ${KIND_ORDER}, reference`);
  // Counted in sync_runs (a few hundred rows at most), not in the lists: no scan of them per commit.
  const prune = db.prepare('DELETE FROM sync_changes WHERE run_id < (SELECT id FROM sync_runs ORDER BY id DESC LIMIT 1 OFFSET ?)');

  const count = (runId: number) => countOf.get(runId) ?? 0;
  const room = (runId: number) => Math.max(0, CHANGES_KEPT_PER_RUN - count(runId));

  return {
    /** Records listings a run added or changed (up to the per-run bound); returns how many it kept. */
    record(runId: number, changes: readonly ListingChange[]): number {
      const kept = changes.slice(0, room(runId));
      for (const c of kept) insert.run(runId, c.reference, c.kind, c.title, JSON.stringify(c.fields));
      return kept.length;
    },

    /** A full pass is about to remove the listings it did not see: records them as removed (call before the removal). */
    recordNotSeen(runId: number): number {
      return insertNotSeen.run({ run: runId, limit: room(runId) }).changes;
    },

    /** One listing is about to be removed (call before the removal). A few past the bound: verified removals are bounded themselves. */
    recordRemoved(runId: number, reference: string): void {
      insertRemoved.run({ run: runId, reference });
    },

    /** A listing the run added and then found gone: it was never there for the dealer. */
    forget(runId: number, reference: string): void {
      forget.run(runId, reference);
    },

    /** The listings a run changed: added, changed, dropped, removed, each by reference. */
    ofRun(runId: number): ListingChange[] {
      return ofRun.all(runId).map((r) => ({ reference: r.reference, kind: r.kind, title: r.title, fields: parseFields(r.fields) }));
    },

    /** How many listings a run kept. */
    count,

    /** Keeps the lists of the last CHANGES_KEPT_RUNS sync runs. */
    prune(): number {
      return prune.run(CHANGES_KEPT_RUNS - 1).changes;
    },
  };
}
