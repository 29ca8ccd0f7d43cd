// The vehicle store: writes listings as the portal sent them (raw JSON kept verbatim), the
// columns the inventory filters on, their search text, and the publication changes they reveal.
// Statements are prepared once per store; every write method runs in one transaction (nested
// calls become savepoints of the caller's transaction).
import { ADDRESS_GRACE_MS } from '../../shared/attention';
import { jsonText } from '../../shared/json';
import type { ListingChange } from '../../shared/listing-changes';
import type { ListingFacts } from '../../shared/pending-changes';
import { listingTitle, parseVehicle, type ParsedVehicle } from '../../shared/vehicle';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';
import { parseStoredJson, rawHash, searchText, vehicleColumns, type VehicleColumns } from './extract';
import { changedFields, sameButAlone, SELECT_COMPARED, type StoredFields } from './field-diff';
import { inventoryWrites } from './writes';
import { publicationChange } from './publication';
import { stockStart, utcDay } from '../../shared/stock-age';

/**
 * One listing as received: its JSON text exactly as it came and its parsed view. The store reads
 * `parsed` only for a listing that is new or changed, so it may be a lazy getter; `reference` and
 * `hash` (rawHash of `raw`), when the caller has them already, save the store working them out.
 */
export interface ReceivedVehicle {
  readonly parsed: ParsedVehicle;
  readonly raw: string;
  readonly reference?: string;
  readonly hash?: string;
}

/** Parses one item of a page. `raw` defaults to the item's JSON text. */
export function receiveVehicle(item: unknown, raw?: string): ReceivedVehicle {
  return { parsed: parseVehicle(item), raw: raw ?? jsonText(item) ?? 'null' };
}

/**
 * What a sync stages for one item, read without parsing it: its JSON text, the hash of that text,
 * and its reference when it has a usable one (what parseVehicle would take: a non-empty string).
 */
export function stagedVehicle(item: unknown): { raw: string; hash: string; reference: string | null } {
  const raw = jsonText(item) ?? 'null';
  const reference =
    item !== null && typeof item === 'object' && 'reference' in item && typeof item.reference === 'string' && item.reference !== '' ? item.reference : null;
  return { raw, hash: rawHash(raw), reference };
}

/** A listing staged by a sync, parsed only if the store needs it (it is new or changed). */
export function lazyReceivedVehicle(staged: { raw: string; hash: string; reference: string | null }): ReceivedVehicle {
  let parsed: ParsedVehicle | undefined;
  return {
    raw: staged.raw,
    hash: staged.hash,
    ...(staged.reference === null ? {} : { reference: staged.reference }),
    get parsed() {
      parsed ??= parseVehicle(parseStoredJson(staged.raw));
      return parsed;
    },
  };
}

export interface UpsertCounts {
  added: number;
  changed: number;
  unchanged: number;
  withProblems: number;
  published: number;
  droppedByPortal: number;
  unpublishedHere: number;
  publicationOther: number;
}

export const emptyUpsertCounts = (): UpsertCounts => ({
  added: 0,
  changed: 0,
  unchanged: 0,
  withProblems: 0,
  published: 0,
  droppedByPortal: 0,
  unpublishedHere: 0,
  publicationOther: 0,
});

export interface UpsertOptions {
  /** The sync run that read these vehicles (first/last seen, publication events). */
  runId?: number | null;
  /** Told of each listing added or changed, with the compared fields that changed (a sync's record of what changed). */
  onChange?: (change: ListingChange) => void;
  /** Marks the listings added or changed as "changed in the last sync" (a sync's commit, after clearLastSyncMarks). */
  markChanged?: boolean;
  /**
   * The plan read in the same sync leaves no listing slot: the portal's plan-exceeded rule can
   * explain a listing it took off. Otherwise such a listing was taken off elsewhere (cause
   * 'unknown'). Default false: no plan read, nothing to explain it by.
   */
  planFull?: boolean;
}

const COLUMNS: readonly (keyof VehicleColumns)[] = [
  'reference',
  'title',
  'brand',
  'brand_id',
  'model_id',
  'trim',
  'type',
  'fuel',
  'gearbox',
  'color',
  'manufactured_year',
  'model_year',
  'value',
  'mileage',
  'brand_new',
  'active',
  'published',
  'highlighted',
  'updated_at',
  'updated_ms',
  'picture_count',
  'rejected_photo_count',
  'has_problems',
  'problem_count',
  'url',
  'plate',
  'plate_normalized',
  'cover_url',
  'description_length',
  'financed',
];
/** From this many vehicles into an empty cache, indexes are built after the rows rather than with them. */
const BULK_MIN = 5000;
const PUBLISHED = COLUMNS.indexOf('published');
const HIGHLIGHTED = COLUMNS.indexOf('highlighted');
const UPDATED_MS = COLUMNS.indexOf('updated_ms');

/** The sync that reads listings, as their days in stock need it (shared/stock-age.ts). */
type RunStart = { day: number; first: boolean };

interface ExistingRow {
  id: number;
  published: number;
  highlighted: number;
  has_problems: number;
  raw_hash: string | null;
}

export type VehicleStore = ReturnType<typeof createVehicleStore>;

export function createVehicleStore(db: Db, clock: Clock) {
  // Positional parameters in COLUMNS order: binding by name costs a lookup per column per row.
  const insertVehicle = db.prepare(
    `INSERT INTO vehicles (${COLUMNS.join(', ')}, raw_hash, first_seen_run, last_seen_run, changed_last_sync, stock_since_day, stock_at_least)
     VALUES (${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (reference) DO NOTHING`,
  );
  const updateVehicle = db.prepare(
    `UPDATE vehicles SET ${COLUMNS.filter((c) => c !== 'reference')
      .map((c) => `${c} = ?`)
      .join(', ')},
       raw_hash = ?,
       off_cause = CASE WHEN ? = 1 THEN NULL ELSE coalesce(?, off_cause) END,
       last_seen_run = coalesce(?, last_seen_run),
       changed_last_sync = max(changed_last_sync, ?),
       -- A lower bound counts from the oldest date known for the listing (shared/stock-age.ts).
       stock_since_day = CASE WHEN stock_at_least = 1 THEN min(coalesce(stock_since_day, ?), coalesce(?, stock_since_day)) ELSE stock_since_day END
     WHERE id = ?`,
  );
  const selectCompared = db.prepare<[number], StoredFields>(SELECT_COMPARED);
  // The sync that reads a listing: the day it started, and whether it is the account's first (no earlier one committed).
  const runStartOf = db.prepare<[number, number], { day: number; first: number }>(
    "SELECT unixepoch(started_at) / 86400 AS day, NOT EXISTS (SELECT 1 FROM sync_runs r WHERE r.outcome = 'ok' AND r.id < ?) AS first FROM sync_runs WHERE id = ?",
  );
  const clearMarks = db.prepare('UPDATE vehicles SET changed_last_sync = 0 WHERE changed_last_sync = 1');
  const touchVehicle = db.prepare('UPDATE vehicles SET last_seen_run = ? WHERE id = ?');
  const insertJson = db.prepare('INSERT INTO vehicle_json (vehicle_id, raw, problems) VALUES (?, ?, ?)');
  // An upsert: a listing whose JSON row was lost to damage gets it back.
  const updateJson = db.prepare(
    'INSERT INTO vehicle_json (raw, problems, vehicle_id) VALUES (?, ?, ?) ON CONFLICT (vehicle_id) DO UPDATE SET raw = excluded.raw, problems = excluded.problems',
  );
  const insertFts = db.prepare('INSERT INTO vehicles_fts (rowid, doc) VALUES (?, ?)');
  const deleteFts = db.prepare('DELETE FROM vehicles_fts WHERE rowid = ?');
  const selectExisting = db.prepare<[string], ExistingRow>(
    // The hash of the stored JSON, not the JSON: reading kilobytes back per listing made a sync
    // with nothing changed several times slower.
    'SELECT id, published, highlighted, has_problems, raw_hash FROM vehicles WHERE reference = ?',
  );
  const insertEvent = db.prepare(
    `INSERT INTO publication_events (reference, at, from_published, from_highlighted, to_published, to_highlighted, cause, sync_run_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteNotSeen = db.prepare<[number], { reference: string }>('DELETE FROM vehicles WHERE last_seen_run IS NOT ? RETURNING reference');
  const deleteByReference = db.prepare('DELETE FROM vehicles WHERE reference = ?');
  // A listing the portal no longer has is kept, with its last data, as removed (departed-store.ts:
  // a sale's confirmation then calls it sold).
  const keepDeparted = (where: string) =>
    db.prepare(`INSERT OR REPLACE INTO local.departed_listings
        (reference, left_as, left_at, sold_at, stock_since_day, stock_at_least, title, brand, type, value, mileage, model_year, raw)
      SELECT v.reference, 'removed', ?, NULL, v.stock_since_day, v.stock_at_least, v.title, v.brand, v.type, v.value, v.mileage, v.model_year, coalesce(j.raw, '{}')
        FROM vehicles v LEFT JOIN vehicle_json j ON j.vehicle_id = v.id WHERE ${where}`);
  const keepNotSeen = keepDeparted('v.last_seen_run IS NOT ?');
  const keepOne = keepDeparted('v.reference = ?');
  const markOffByPlan = db.prepare("UPDATE vehicles SET off_cause = 'dropped_by_portal' WHERE reference = ? AND published = 0 AND off_cause IS NULL");
  // An unpublish the portal accepted shows the listing on its way off (shared/pending-changes.ts): a read that finds it off answers it.
  const askedOff = db
    .prepare<[string], number>(
      `SELECT 1 FROM local.pending_changes c WHERE c.reference = ? AND c.closed_at IS NULL AND json_extract(c.overlay, '$.fields.portal') = 'pending'
        AND c.status IN (SELECT value FROM json_each(c.overlay, '$.statuses'))`,
    )
    .pluck();
  const factsOf = db.prepare<[string], { published: number; highlighted: number; value: number | null; mileage: number | null; updated_at: string | null }>(
    'SELECT published, highlighted, value, mileage, updated_at FROM vehicles WHERE reference = ?',
  );
  const exists = db.prepare<[string], number>('SELECT 1 FROM vehicles WHERE reference = ?').pluck();
  const covers = db.prepare<[], { reference: string; source: string }>(
    'SELECT reference, cover_url AS source FROM vehicles WHERE cover_url IS NOT NULL ORDER BY id',
  );
  const raws = db.prepare<[], { reference: string; raw: string }>(
    'SELECT v.reference, j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id ORDER BY v.id',
  );
  const rawOf = db.prepare<[string], string>('SELECT j.raw FROM vehicles v JOIN vehicle_json j ON j.vehicle_id = v.id WHERE v.reference = ?').pluck();
  const latestUpdated = db.prepare<[], { updated_at: string | null }>('SELECT updated_at FROM vehicles ORDER BY updated_ms DESC LIMIT 1');
  const linksDue = db.prepare<[number, number], string>('SELECT reference FROM vehicles WHERE link_due_ms <= ? ORDER BY link_due_ms, id LIMIT ?').pluck();
  // A listing read before its link was due may show none or a stale one: read again once it is due.
  const noteLinks = db.prepare<{ run: number; readAt: number }>(
    `UPDATE vehicles SET link_due_ms = CASE WHEN updated_ms + ${ADDRESS_GRACE_MS} > :readAt THEN updated_ms + ${ADDRESS_GRACE_MS} END
     WHERE last_seen_run = :run AND (link_due_ms IS NOT NULL OR updated_ms + ${ADDRESS_GRACE_MS} > :readAt)`,
  );

  function writeSearch(id: number | bigint, parsed: ParsedVehicle): void {
    insertFts.run(id, searchText(parsed));
  }

  /** What a sync asks of each write beyond the listing itself. */
  interface Recording {
    /** The sync that reads the listings, as the days in stock need it (null: none, or not recorded). */
    runStart: RunStart | null;
    onChange: UpsertOptions['onChange'];
    mark: number;
    planFull: boolean;
  }

  function upsertOne(item: ReceivedVehicle, run: number | null, at: string, counts: UpsertCounts, known: 'absent' | 'maybe', recording: Recording): void {
    const hash = item.hash ?? rawHash(item.raw);
    const reference = item.reference ?? item.parsed.reference;
    // Into an empty cache every listing is new: no need to look (a reference twice in one
    // batch still lands on the update path, through the insert's conflict).
    let old = known === 'absent' ? undefined : selectExisting.get(reference);
    if (old === undefined) {
      const inserted = writeNew(item, hash, run, recording);
      if (inserted) {
        counts.added++;
        if (item.parsed.problems.length > 0) counts.withProblems++;
        recording.onChange?.({ reference, kind: 'added', title: listingTitle(item.parsed.vehicle), fields: [] });
        return;
      }
      old = selectExisting.get(reference);
      if (old === undefined) throw new Error(`vehicle ${reference} vanished during upsert`);
    }
    if (old.raw_hash === hash) {
      // Unchanged, so not even parsed: what is stored already says whether it has problems.
      if (run !== null) touchVehicle.run(run, old.id);
      counts.unchanged++;
      if (old.has_problems === 1) counts.withProblems++;
      return;
    }
    writeChange(item, hash, old, run, at, counts, recording);
  }

  /** Inserts a listing; false when its reference is taken (the caller updates it instead). */
  function writeNew(item: ReceivedVehicle, hash: string, run: number | null, { mark, runStart }: Recording): boolean {
    const values = columnValues(item.parsed);
    // A vehicle first seen with an unreadable publication counts as not on the portal (and is flagged).
    values[PUBLISHED] ??= 0;
    values[HIGHLIGHTED] ??= 0;
    const stock = stockStart(runStart, values[UPDATED_MS] as number | null);
    const inserted = insertVehicle.run(...values, hash, run, run, mark, stock.sinceDay, +stock.atLeast);
    if (inserted.changes === 0) return false;
    insertJson.run(inserted.lastInsertRowid, item.raw, JSON.stringify(item.parsed.problems));
    writeSearch(inserted.lastInsertRowid, item.parsed);
    return true;
  }

  function writeChange(
    item: ReceivedVehicle,
    hash: string,
    old: ExistingRow,
    run: number | null,
    at: string,
    counts: UpsertCounts,
    { onChange, mark, planFull }: Recording,
  ): void {
    const columns = vehicleColumns(item.parsed);
    const values = COLUMNS.map((c) => columns[c]);
    if (item.parsed.problems.length > 0) counts.withProblems++;
    // A publication we could not read keeps what we knew rather than inventing a change.
    const to = {
      published: columns.published === null ? old.published === 1 : columns.published === 1,
      highlighted: columns.highlighted === null ? old.highlighted === 1 : columns.highlighted === 1,
    };
    const leaving = old.published === 1 && !to.published;
    const seen = publicationChange(
      { published: old.published === 1, highlighted: old.highlighted === 1 },
      to,
      leaving && askedOff.get(columns.reference) !== undefined,
    );
    // The portal takes listings off itself only when the plan is exceeded, which leaves no slot.
    const change = seen?.cause === 'dropped_by_portal' && !planFull ? { ...seen, cause: 'unknown' as const } : seen;
    if (change) {
      insertEvent.run(columns.reference, at, +change.from.published, +change.from.highlighted, +to.published, +to.highlighted, change.cause, run);
      if (change.cause === 'published') counts.published++;
      else if (change.cause === 'dropped_by_portal') counts.droppedByPortal++;
      else if (change.cause === 'unpublished_here') counts.unpublishedHere++;
      else counts.publicationOther++;
    }
    values[PUBLISHED] = +to.published;
    values[HIGHLIGHTED] = +to.highlighted;
    if (onChange) {
      // Read before the update overwrites it: the stored values of the compared fields only.
      const stored = selectCompared.get(old.id);
      const restUnchanged = () => {
        const before = rawOf.get(columns.reference);
        return before !== undefined && sameButAlone(before, item.raw);
      };
      const fields = stored ? changedFields(stored, { ...columns, published: +to.published, highlighted: +to.highlighted }, restUnchanged) : [];
      const offNotFromHere = change !== null && change.from.published && !to.published && change.cause !== 'unpublished_here';
      const kind = !offNotFromHere ? 'changed' : change.cause === 'dropped_by_portal' ? 'dropped' : 'offElsewhere';
      onChange({ reference: columns.reference, kind, title: columns.title, fields });
    }
    const offCause = change && (change.cause === 'unpublished_here' || change.cause === 'dropped_by_portal') ? change.cause : null;
    // values[0] is the reference, which an update keeps.
    const updatedDay = columns.updated_ms === null ? null : utcDay(columns.updated_ms);
    updateVehicle.run(...values.slice(1), hash, +to.published, offCause, run, mark, updatedDay, updatedDay, old.id);
    updateJson.run(item.raw, JSON.stringify(item.parsed.problems), old.id);
    deleteFts.run(old.id);
    writeSearch(old.id, item.parsed);
    counts.changed++;
  }

  function columnValues(parsed: ParsedVehicle): VehicleColumns[keyof VehicleColumns][] {
    const columns = vehicleColumns(parsed);
    return COLUMNS.map((c) => columns[c]);
  }

  const isEmpty = db.prepare('SELECT NOT EXISTS (SELECT 1 FROM vehicles) AS empty').pluck();
  const secondaryIndexes = db.prepare<[], { name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'vehicles' AND sql IS NOT NULL",
  );

  const upsertTx = db.transaction(
    (batches: Iterable<readonly ReceivedVehicle[]>, total: number, run: number | null, asked: Omit<Recording, 'runStart'>): UpsertCounts => {
      const counts = emptyUpsertCounts();
      const started = run === null ? undefined : runStartOf.get(run, run);
      const recording: Recording = { ...asked, runStart: started === undefined ? null : { day: started.day, first: started.first === 1 } };
      const at = isoNow(clock);
      // Into an empty cache every listing is new: no need to look for it (a reference twice in
      // one pass still lands on the update path, through the insert's conflict). And the first
      // sync of a big stock builds the sort indexes once at the end, several times cheaper than
      // growing them row by row. Inside the transaction, so a failure restores them.
      const empty = isEmpty.get() === 1;
      const rebuild = total >= BULK_MIN && empty ? secondaryIndexes.all() : [];
      for (const index of rebuild) db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
      for (const items of batches) for (const item of items) upsertOne(item, run, at, counts, empty ? 'absent' : 'maybe', recording);
      for (const index of rebuild) db.exec(index.sql);
      return counts;
    },
  );

  // Every write goes through the gateway: the inventory's in-memory snapshot is rebuilt from the next read.
  const writing = inventoryWrites(db);

  function upsertBatches(batches: Iterable<readonly ReceivedVehicle[]>, total: number, opts: UpsertOptions = {}): UpsertCounts {
    const recording = { onChange: opts.onChange, mark: opts.markChanged ? 1 : 0, planFull: opts.planFull === true };
    return writing(
      () => upsertTx(batches, total, opts.runId ?? null, recording),
      (c) => c.added + c.changed > 0,
    );
  }

  return {
    /** Adds or updates listings in one transaction; unchanged JSON only marks them seen. */
    upsertMany(items: readonly ReceivedVehicle[], opts: UpsertOptions = {}): UpsertCounts {
      return upsertBatches([items], items.length, opts);
    },

    /**
     * A sync pass's listings, batch by batch as they are read from its staging, in one transaction
     * (or the caller's): `total` is how many the batches hold, which decides the first sync's bulk load.
     */
    upsertBatches,

    /** A sync's commit starts: no listing is "changed in the last sync" any more. Returns how many were. */
    clearLastSyncMarks(): number {
      return writing(
        () => clearMarks.run().changes,
        (cleared) => cleared > 0,
      );
    },

    /** No listing is cached (a first sync, or after a rebuild). */
    isEmpty(): boolean {
      return isEmpty.get() === 1;
    },

    /** After a full pass: listings the portal no longer has are removed. Returns their references. */
    removeNotSeen(runId: number): string[] {
      return writing(
        () =>
          db.transaction(() => {
            keepNotSeen.run(isoNow(clock), runId);
            return deleteNotSeen.all(runId).map((r) => r.reference);
          })(),
        (removed) => removed.length > 0,
      );
    },

    /** `departed`: the dealer knew the listing, so it is kept as removed; otherwise (one a pass added and found gone) it is only dropped. */
    remove(reference: string, options: { departed: boolean } = { departed: true }): boolean {
      return writing(
        () =>
          db.transaction(() => {
            if (options.departed) keepOne.run(isoNow(clock), reference);
            return deleteByReference.run(reference).changes > 0;
          })(),
        (removed) => removed,
      );
    },

    /** What a pending change's confirmation reads of a listing (main/changes/kind.ts), and its updatedAt; null when not cached. */
    factsOf(reference: string): (ListingFacts & { updatedAt: string | null }) | null {
      const row = factsOf.get(reference);
      if (row === undefined) return null;
      return { published: row.published === 1, highlighted: row.highlighted === 1, value: row.value, mileage: row.mileage, updatedAt: row.updated_at };
    },

    /** Marks a listing off the portal as the plan's doing (a new listing the portal stored off for want of a slot). */
    markOffByPlan(reference: string): boolean {
      return writing(
        () => markOffByPlan.run(reference).changes > 0,
        (marked) => marked,
      );
    },

    /** Whether the listing is cached: one look-up in the reference index, no JSON read. */
    has(reference: string): boolean {
      return exists.get(reference) !== undefined;
    },

    /** The cover picture (lowest order) of every listing that has one, in the order they were first cached. */
    covers(): Array<{ reference: string; source: string }> {
      return covers.all();
    },

    /** Every listing's JSON as the portal sent it, one at a time, in the order they were first cached. */
    rawJsons(): IterableIterator<{ reference: string; raw: string }> {
      return raws.iterate();
    },

    /** One listing's JSON as the portal sent it; null when it is not cached. */
    rawJsonOf(reference: string): string | null {
      return rawOf.get(reference) ?? null;
    },

    /** The newest updatedAt in the cache: where an incremental pass can stop reading. */
    latestUpdatedAt(): string | null {
      return latestUpdated.get()?.updated_at ?? null;
    },

    /** Listings whose link (url) may have arrived or changed since they were last read: due by `nowMs`, the longest due first. */
    linksDue(nowMs: number, limit: number): string[] {
      return linksDue.all(nowMs, limit);
    },

    /**
     * The listings run `runId` read, read no earlier than `readAtMs`: those edited less than the
     * portal's link delay before then are due again when it has passed; the others' links are final.
     */
    noteLinksRead(runId: number, readAtMs: number): void {
      noteLinks.run({ run: runId, readAt: readAtMs });
    },
  };
}
