// Numbered schema steps, tracked with PRAGMA user_version. An upgrade runs its steps in one
// transaction, so a failure leaves the file at the version it had. Never edit a step that
// has shipped: add a new one. Frozen: a step is SQL, plus whatever code it needs copied into its
// own file (v5, v6, rebuild-search) — never imported from the live app, whose refactors would
// change what an old step does. test/cache/schema.test.ts checks the schema they build against a
// committed snapshot.
import type Database from 'better-sqlite3';
import type { AppError } from '../../../shared/errors';
import { codedError } from '../../../shared/i18n/messages';
import { up as searchDocumentStep } from './v5-search-document';
import { up as rawHashStep } from './v6-raw-hash';
import { rebuildSearchIndex } from './rebuild-search';
import { up as ledgerOverlayStep } from './v13-ledger-overlay';
import { up as stockColumnsStep } from './v14-stock-columns';

type Db = Database.Database;

export interface Migration {
  version: number;
  name: string;
  up(db: Db): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'vehicles, their raw JSON, full-text index, meta',
    up(db) {
      db.exec(`
        CREATE TABLE vehicles (
          -- id is the stable rowid the full-text index points at; reference is the listing's key.
          id INTEGER PRIMARY KEY,
          reference TEXT NOT NULL UNIQUE,
          title TEXT,
          brand TEXT,
          brand_id INTEGER,
          model_id INTEGER,
          trim TEXT,
          type TEXT,
          fuel TEXT,
          gearbox TEXT,
          color TEXT,
          manufactured_year INTEGER,
          model_year INTEGER,
          value REAL,
          mileage REAL,
          brand_new INTEGER,
          active INTEGER,
          published INTEGER NOT NULL DEFAULT 0,
          highlighted INTEGER NOT NULL DEFAULT 0,
          updated_at TEXT,
          updated_ms INTEGER,
          picture_count INTEGER NOT NULL DEFAULT 0,
          rejected_photo_count INTEGER NOT NULL DEFAULT 0,
          has_problems INTEGER NOT NULL DEFAULT 0,
          problem_count INTEGER NOT NULL DEFAULT 0,
          url TEXT,
          plate TEXT,
          plate_normalized TEXT,
          cover_url TEXT,
          unpublish_pending TEXT,
          unpublish_error TEXT,
          -- Why it left the portal, as the sync that saw it leave judged: 'unpublished_here' | 'dropped_by_portal'.
          off_cause TEXT,
          first_seen_run INTEGER,
          last_seen_run INTEGER,
          portal_state TEXT GENERATED ALWAYS AS (
            CASE WHEN published = 0 THEN 'off' WHEN unpublish_pending IS NOT NULL THEN 'pending' ELSE 'on' END
          ) VIRTUAL
        );
        -- The JSON lives beside the row, not in it: list queries, counts and facets scan
        -- vehicles, and keeping kilobytes of JSON out of it keeps that scan small.
        CREATE TABLE vehicle_json (
          -- No foreign key: the check costs a lookup per row at ingest; the delete trigger below keeps the pair in step.
          vehicle_id INTEGER PRIMARY KEY,
          raw TEXT NOT NULL,
          problems TEXT NOT NULL DEFAULT '[]'
        );
        CREATE INDEX vehicles_by_updated ON vehicles(updated_ms);
        CREATE INDEX vehicles_by_value ON vehicles(value);
        CREATE INDEX vehicles_by_mileage ON vehicles(mileage);
        CREATE INDEX vehicles_by_model_year ON vehicles(model_year);
        CREATE INDEX vehicles_by_title ON vehicles(title COLLATE NOCASE);
        CREATE INDEX vehicles_by_brand ON vehicles(brand);

        -- Contentless: the text is derived from the raw JSON (description, accessories), so
        -- the cache writes it beside each vehicle in the same transaction; contentless_delete
        -- lets an update or delete remove the old terms by rowid alone. detail=none: searches
        -- are AND-ed prefix terms, never phrases, and it keeps the index small and fast to build.
        CREATE VIRTUAL TABLE vehicles_fts USING fts5(
          title, description, reference, plate, plate_compact, brand, trim, extras,
          content = '', contentless_delete = 1, detail = none,
          tokenize = "unicode61 remove_diacritics 2", prefix = '2 3'
        );
        -- Whoever deletes a vehicle, its JSON and its search terms go with it.
        CREATE TRIGGER vehicles_on_delete AFTER DELETE ON vehicles BEGIN
          DELETE FROM vehicle_json WHERE vehicle_id = old.id;
          DELETE FROM vehicles_fts WHERE rowid = old.id;
        END;

        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 2,
    name: 'sync runs, staging of a pass, publication events',
    up(db) {
      db.exec(`
        CREATE TABLE sync_runs (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('full', 'incremental')),
          started_at TEXT NOT NULL,
          ended_at TEXT,
          outcome TEXT CHECK (outcome IN ('ok', 'failed', 'cancelled')),
          counts TEXT NOT NULL DEFAULT '{}',
          error TEXT
        );
        -- Pages of a pass wait here until the pass commits, so the inventory the dealer sees
        -- is the previous snapshot until the whole pass is in.
        CREATE TABLE sync_staging (
          run_id INTEGER NOT NULL REFERENCES sync_runs(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          raw TEXT NOT NULL,
          PRIMARY KEY (run_id, seq)
        ) WITHOUT ROWID;
        -- History outlives the vehicle: no foreign key to vehicles.
        CREATE TABLE publication_events (
          id INTEGER PRIMARY KEY,
          reference TEXT NOT NULL,
          at TEXT NOT NULL,
          from_published INTEGER NOT NULL,
          from_highlighted INTEGER NOT NULL,
          to_published INTEGER NOT NULL,
          to_highlighted INTEGER NOT NULL,
          cause TEXT NOT NULL CHECK (cause IN ('unpublished_here', 'dropped_by_portal', 'published', 'unknown')),
          sync_run_id INTEGER REFERENCES sync_runs(id) ON DELETE SET NULL
        );
        CREATE INDEX publication_events_by_reference ON publication_events(reference, at);
      `);
    },
  },
  {
    version: 3,
    name: 'photo cache and outbox',
    up(db) {
      db.exec(`
        CREATE TABLE photos (
          id INTEGER PRIMARY KEY,
          source_url TEXT NOT NULL UNIQUE,
          reference TEXT,
          file_path TEXT,
          content_hash TEXT,
          bytes INTEGER,
          content_type TEXT,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'cached', 'failed', 'evicted')),
          last_error TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL,
          last_used_at TEXT
        );
        CREATE INDEX photos_by_status_lru ON photos(status, last_used_at);
        CREATE INDEX photos_by_reference ON photos(reference);
        CREATE TABLE outbox (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('unpublish')),
          reference TEXT NOT NULL,
          created_at TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          last_attempt_at TEXT,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed'))
        );
        CREATE INDEX outbox_by_status ON outbox(status, id);
      `);
    },
  },
  {
    version: 4,
    name: 'staging of a pass moves to a TEMP table',
    up(db) {
      // Staged pages are worthless after a crash (the next pass clears them), so they need no
      // durability: a TEMP table (see sync-pass.ts) writes them several times faster (docs/measurements.md).
      db.exec('DROP TABLE sync_staging');
    },
  },
  {
    version: 5,
    name: 'the search index holds one document a listing',
    up: searchDocumentStep,
  },
  {
    version: 6,
    name: 'each listing keeps the hash of its JSON',
    up: rawHashStep,
  },
  {
    version: 7,
    name: 'each sync run keeps the portal items it could not identify',
    up(db) {
      // Items without a usable reference are not stored as listings (sync/collector.ts): the run
      // keeps them instead, as a JSON array of { problem, excerpt }, for the sync history.
      db.exec("ALTER TABLE sync_runs ADD COLUMN data_problems TEXT NOT NULL DEFAULT '[]'");
    },
  },
  {
    version: 8,
    name: 'the outbox moves to the local-only file',
    up(db) {
      // local.ts: the dealer's queued writes live in a file of their own, written with full
      // durability and kept when the cache is rebuilt. The caller attaches it first (openDatabase).
      const attached = (db.pragma('database_list') as Array<{ name: string }>).some((d) => d.name === 'local');
      if (!attached) throw codedError('internal', { code: 'app.internal' }, { reason: 'schema 8 needs the local-only file attached as `local`' });
      // OR IGNORE: should a crash land between the two files' commits, the step runs again harmlessly.
      db.exec(`
        INSERT OR IGNORE INTO local.outbox (id, kind, reference, created_at, attempts, last_error, last_attempt_at, status)
          SELECT id, kind, reference, created_at, attempts, last_error, last_attempt_at, status FROM main.outbox;
        DROP TABLE main.outbox;
      `);
    },
  },
  {
    version: 9,
    name: 'each sync run keeps the listings it changed; listings know if the last sync changed them',
    up(db) {
      // One row per listing a run added, changed, saw dropped by the portal, or removed; for a
      // changed one, the compared fields as a JSON array of { field, from, to }. Bounded by the
      // cache (changes-store.ts): the last runs only, and a cap per run; a first sync into an
      // empty cache writes none (it is summarised by its count).
      db.exec(`
        CREATE TABLE sync_changes (
          run_id INTEGER NOT NULL REFERENCES sync_runs(id) ON DELETE CASCADE,
          reference TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'dropped', 'removed')),
          title TEXT,
          fields TEXT NOT NULL DEFAULT '[]',
          PRIMARY KEY (run_id, reference)
        ) WITHOUT ROWID;
        -- The inventory's filter "changed in the last sync" (added, changed, dropped): set by a
        -- pass's commit, cleared by the next one; the partial index finds the few to clear.
        ALTER TABLE vehicles ADD COLUMN changed_last_sync INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX vehicles_changed_last_sync ON vehicles(changed_last_sync) WHERE changed_last_sync = 1;
      `);
    },
  },
  {
    version: 10,
    name: 'the search index keeps two-letter prefixes only',
    up(db) {
      // The three-letter prefix entries cost a sync a good part of its commit (bench/cache-ingest.ts;
      // docs/measurements.md), and since the reader searches its in-memory index
      // (search-index.ts) they only served FTS5's own answers: the first second after a write,
      // and the command line. A three-letter word is now looked up as the terms it begins (fts.ts).
      rebuildSearchIndex(db, 10, ", prefix = '2'");
    },
  },
  {
    version: 11,
    name: 'the search index keeps no prefix entries',
    up(db) {
      // The two-letter prefix entries cost a sync a good part of its commit (bench/cache-ingest.ts;
      // docs/measurements.md). The app searches the reader's in-memory index, which reads the terms
      // themselves (search-index.ts); the entries only sped up FTS5's own answers to a two-letter
      // word, in the second after a write and on the command line. A word of two letters or more is looked up as the terms it begins
      // when they are few (fts.ts).
      rebuildSearchIndex(db, 11, '');
    },
  },
  {
    version: 12,
    name: 'an untitled listing is no data problem and is named by brand, model and year; a run records listings taken off elsewhere; listings remember when their link is due',
    up(db) {
      // The portal documents the title as optional. What earlier versions flagged as a missing
      // title is dropped from each listing's problems, and the listing gets the name the app
      // now shows (shared/vehicle.ts, listingTitle, as of this version: brand, trim, year).
      db.exec(`
        UPDATE vehicle_json SET problems = (
          SELECT json_group_array(json(p.value)) FROM json_each(vehicle_json.problems) AS p
          WHERE NOT (json_extract(p.value, '$.field') = 'title' AND json_extract(p.value, '$.message') = 'missing')
        )
        WHERE EXISTS (
          SELECT 1 FROM json_each(vehicle_json.problems) AS p
          WHERE json_extract(p.value, '$.field') = 'title' AND json_extract(p.value, '$.message') = 'missing'
        );
        UPDATE vehicles SET
          problem_count = (SELECT json_array_length(j.problems) FROM vehicle_json j WHERE j.vehicle_id = vehicles.id),
          has_problems = (SELECT json_array_length(j.problems) > 0 FROM vehicle_json j WHERE j.vehicle_id = vehicles.id)
        WHERE problem_count <> coalesce((SELECT json_array_length(j.problems) FROM vehicle_json j WHERE j.vehicle_id = vehicles.id), problem_count);
        UPDATE vehicles SET title = nullif(trim(
          coalesce(brand, '') || coalesce(' ' || nullif(trim, ''), '') || coalesce(' ' || coalesce(model_year, manufactured_year), '')
        ), '')
        WHERE title IS NULL OR trim(title) = '';
      `);
      // A listing taken off the portal when the plan read in the same sync does not explain it:
      // a kind of its own (sync/changes: "taken off elsewhere"), so the CHECK is widened.
      db.exec(`
        CREATE TABLE sync_changes_v12 (
          run_id INTEGER NOT NULL REFERENCES sync_runs(id) ON DELETE CASCADE,
          reference TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'dropped', 'offElsewhere', 'removed')),
          title TEXT,
          fields TEXT NOT NULL DEFAULT '[]',
          PRIMARY KEY (run_id, reference)
        ) WITHOUT ROWID;
        INSERT INTO sync_changes_v12 (run_id, reference, kind, title, fields) SELECT run_id, reference, kind, title, fields FROM sync_changes;
        DROP TABLE sync_changes;
        ALTER TABLE sync_changes_v12 RENAME TO sync_changes;
      `);
      // The portal gives a listing its link (url) up to 45 minutes after an insert or edit,
      // without touching updatedAt. A listing last read before then may show none or a stale one:
      // link_due_ms says when to read it again (updated_ms + 45 minutes), NULL once a read at or
      // after that time has the link as it stays. Earlier versions kept no such mark: every
      // listing without a link is read once more.
      db.exec(`
        ALTER TABLE vehicles ADD COLUMN link_due_ms INTEGER;
        UPDATE vehicles SET link_due_ms = updated_ms + 2700000 WHERE (url IS NULL OR url = '') AND updated_ms IS NOT NULL;
        CREATE INDEX vehicles_link_due ON vehicles(link_due_ms) WHERE link_due_ms IS NOT NULL;
      `);
    },
  },
  {
    version: 13,
    name: "a listing's unpublish moves from its row to the pending-change ledger",
    up(db) {
      const attached = (db.pragma('database_list') as Array<{ name: string }>).some((d) => d.name === 'local');
      if (!attached) throw codedError('internal', { code: 'app.internal' }, { reason: 'schema 13 needs the local-only file attached as `local`' });
      ledgerOverlayStep(db);
    },
  },
  {
    version: 14,
    name: 'each listing keeps the day it is in stock since, whether that is a lower bound, and its description’s length',
    up: stockColumnsStep,
  },
  {
    version: 15,
    name: 'the portal catalogue: its lists and their items, for the edit form offline',
    up(db) {
      db.exec(`
        -- One row per list as last read: accessories and brands per vehicle type, models per brand,
        -- trims per model, the seller options once. A failed read keeps the items of the last good one.
        CREATE TABLE catalogue_lists (
          list TEXT NOT NULL,
          parent TEXT NOT NULL,
          read_at TEXT,
          state TEXT NOT NULL CHECK (state IN ('ok', 'missing', 'failed')),
          skipped INTEGER NOT NULL DEFAULT 0,
          error TEXT,
          PRIMARY KEY (list, parent)
        ) WITHOUT ROWID;
        -- Each item in the portal's order, with the JSON it came as (fields we do not know kept).
        CREATE TABLE catalogue_items (
          list TEXT NOT NULL,
          parent TEXT NOT NULL,
          position INTEGER NOT NULL,
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          raw TEXT NOT NULL,
          PRIMARY KEY (list, parent, position)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 16,
    name: 'every price a sync saw per listing (its price history), and the day of its current one',
    up(db) {
      db.exec(`
        -- A row when a sync first reads a listing, and whenever it reads a price other than the last
        -- one recorded for it. Kept after the listing leaves: a sold listing's history stays readable.
        CREATE TABLE price_history (
          id INTEGER PRIMARY KEY,
          reference TEXT NOT NULL,
          value REAL NOT NULL,
          seen_at TEXT NOT NULL,
          run_id INTEGER
        );
        CREATE INDEX price_history_by_reference ON price_history(reference, id);
        CREATE INDEX price_history_by_run ON price_history(run_id) WHERE run_id IS NOT NULL;
        -- The UTC day a sync first read the listing's current price (shared/price-history.ts, PRICE_DAYS_SQL).
        ALTER TABLE vehicles ADD COLUMN price_since_day INTEGER;
      `);
    },
  },
  {
    version: 17,
    name: 'each listing says whether it has installments, as the listing is stored, so a repricing need not read every listing’s JSON',
    up(db) {
      db.exec(`
        ALTER TABLE vehicles ADD COLUMN financed INTEGER NOT NULL DEFAULT 0;
        UPDATE vehicles SET financed = coalesce((SELECT coalesce(json_extract(j.raw, '$.amountOfInstallments'), 0) > 0
            AND coalesce(json_extract(j.raw, '$.amountPerInstallment'), 0) > 0
          FROM vehicle_json j WHERE j.vehicle_id = vehicles.id AND json_valid(j.raw)), 0);
      `);
    },
  },
  {
    version: 18,
    name: 'the catalogue’s items by id, so every listing row can name its model from the catalogue',
    up(db) {
      db.exec(`CREATE INDEX catalogue_items_by_id ON catalogue_items (list, id);`);
    },
  },
];

export const LATEST_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

export function readSchemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function newerSchemaError(version: number, file?: string): AppError {
  return codedError('database', { code: 'cache.newerSchema', params: { version, latest: LATEST_VERSION } }, { file, version, latest: LATEST_VERSION });
}

/** Brings the file up to `target` (tests step through versions one at a time). */
export function migrateTo(db: Db, target: number): void {
  // Up to date (every open but the first after an update): no write lock to wait for.
  if (readSchemaVersion(db) === target) return;
  // The steps run in one write transaction, taken before the version is read: two processes
  // opening the same file at once (two first syncs into an empty data folder) take turns, and the
  // second finds the work done. Interleaved step by step, one would run a step the other had
  // already run, or read the search index through its stale copy of one the other had remade.
  db.transaction(() => {
    const current = readSchemaVersion(db);
    if (current > LATEST_VERSION) throw newerSchemaError(current, db.name);
    if (target > LATEST_VERSION || target < current) {
      throw codedError('internal', { code: 'app.internal' }, { reason: 'no_migration_path', from: current, to: target });
    }
    for (const step of MIGRATIONS) {
      if (step.version <= current || step.version > target) continue;
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    }
  }).immediate();
}
