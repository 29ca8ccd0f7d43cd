-- main: user_version 18

-- main.table catalogue_items
CREATE TABLE catalogue_items (
          list TEXT NOT NULL,
          parent TEXT NOT NULL,
          position INTEGER NOT NULL,
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          raw TEXT NOT NULL,
          PRIMARY KEY (list, parent, position)
        ) WITHOUT ROWID;

-- main.table catalogue_lists
CREATE TABLE catalogue_lists (
          list TEXT NOT NULL,
          parent TEXT NOT NULL,
          read_at TEXT,
          state TEXT NOT NULL CHECK (state IN ('ok', 'missing', 'failed')),
          skipped INTEGER NOT NULL DEFAULT 0,
          error TEXT,
          PRIMARY KEY (list, parent)
        ) WITHOUT ROWID;

-- main.table meta
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

-- main.table photos
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

-- main.table price_history
CREATE TABLE price_history (
          id INTEGER PRIMARY KEY,
          reference TEXT NOT NULL,
          value REAL NOT NULL,
          seen_at TEXT NOT NULL,
          run_id INTEGER
        );

-- main.table publication_events
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

-- main.table sync_changes
CREATE TABLE "sync_changes" (
          run_id INTEGER NOT NULL REFERENCES sync_runs(id) ON DELETE CASCADE,
          reference TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'dropped', 'offElsewhere', 'removed')),
          title TEXT,
          fields TEXT NOT NULL DEFAULT '[]',
          PRIMARY KEY (run_id, reference)
        ) WITHOUT ROWID;

-- main.table sync_runs
CREATE TABLE sync_runs (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('full', 'incremental')),
          started_at TEXT NOT NULL,
          ended_at TEXT,
          outcome TEXT CHECK (outcome IN ('ok', 'failed', 'cancelled')),
          counts TEXT NOT NULL DEFAULT '{}',
          error TEXT
        , data_problems TEXT NOT NULL DEFAULT '[]');

-- main.table vehicle_json
CREATE TABLE vehicle_json (
          -- No foreign key: the check costs a lookup per row at ingest; the delete trigger below keeps the pair in step.
          vehicle_id INTEGER PRIMARY KEY,
          raw TEXT NOT NULL,
          problems TEXT NOT NULL DEFAULT '[]'
        );

-- main.table vehicles
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
          off_cause TEXT,
          first_seen_run INTEGER,
          last_seen_run INTEGER,
          raw_hash TEXT, changed_last_sync INTEGER NOT NULL DEFAULT 0, link_due_ms INTEGER, stock_since_day INTEGER, stock_at_least INTEGER NOT NULL DEFAULT 1, description_length INTEGER NOT NULL DEFAULT 0, price_since_day INTEGER, financed INTEGER NOT NULL DEFAULT 0);

-- main.table vehicles_fts
CREATE VIRTUAL TABLE vehicles_fts USING fts5(
          doc, content = '', contentless_delete = 1, detail = none,
          tokenize = "unicode61 remove_diacritics 2"
        );

-- main.index catalogue_items_by_id
CREATE INDEX catalogue_items_by_id ON catalogue_items (list, id);

-- main.index photos_by_reference
CREATE INDEX photos_by_reference ON photos(reference);

-- main.index photos_by_status_lru
CREATE INDEX photos_by_status_lru ON photos(status, last_used_at);

-- main.index price_history_by_reference
CREATE INDEX price_history_by_reference ON price_history(reference, id);

-- main.index price_history_by_run
CREATE INDEX price_history_by_run ON price_history(run_id) WHERE run_id IS NOT NULL;

-- main.index publication_events_by_reference
CREATE INDEX publication_events_by_reference ON publication_events(reference, at);

-- main.index vehicles_by_brand
CREATE INDEX vehicles_by_brand ON vehicles(brand);

-- main.index vehicles_by_mileage
CREATE INDEX vehicles_by_mileage ON vehicles(mileage);

-- main.index vehicles_by_model
CREATE INDEX vehicles_by_model ON vehicles(brand, model_id, trim);

-- main.index vehicles_by_model_year
CREATE INDEX vehicles_by_model_year ON vehicles(model_year);

-- main.index vehicles_by_title
CREATE INDEX vehicles_by_title ON vehicles(title COLLATE NOCASE);

-- main.index vehicles_by_updated
CREATE INDEX vehicles_by_updated ON vehicles(updated_ms);

-- main.index vehicles_by_value
CREATE INDEX vehicles_by_value ON vehicles(value);

-- main.index vehicles_changed_last_sync
CREATE INDEX vehicles_changed_last_sync ON vehicles(changed_last_sync) WHERE changed_last_sync = 1;

-- main.index vehicles_link_due
CREATE INDEX vehicles_link_due ON vehicles(link_due_ms) WHERE link_due_ms IS NOT NULL;

-- main.index vehicles_stock_at_least
CREATE INDEX vehicles_stock_at_least ON vehicles(stock_since_day) WHERE stock_at_least = 1;

-- main.trigger vehicles_on_delete
CREATE TRIGGER vehicles_on_delete AFTER DELETE ON vehicles BEGIN
          DELETE FROM vehicle_json WHERE vehicle_id = old.id;
          DELETE FROM vehicles_fts WHERE rowid = old.id;
        END;

-- local: user_version 9

-- local.table dealer_prices
CREATE TABLE dealer_prices (
      id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL,
      value REAL NOT NULL,
      set_at TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('app', 'cli', 'bulk')),
      change_id INTEGER
    );

-- local.table departed_listings
CREATE TABLE departed_listings (
      reference TEXT PRIMARY KEY,
      left_as TEXT NOT NULL CHECK (left_as IN ('sold', 'removed')),
      left_at TEXT NOT NULL,
      sold_at TEXT,
      stock_since_day INTEGER,
      stock_at_least INTEGER NOT NULL DEFAULT 0,
      title TEXT,
      brand TEXT,
      type TEXT,
      value REAL,
      mileage REAL,
      model_year INTEGER,
      raw TEXT NOT NULL
    ) WITHOUT ROWID;

-- local.table listing_video
CREATE TABLE listing_video (
      reference TEXT PRIMARY KEY,
      video_url TEXT NOT NULL,
      set_at TEXT NOT NULL
    ) WITHOUT ROWID;

-- local.table local_meta
CREATE TABLE local_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

-- local.table pending_changes
CREATE TABLE pending_changes (
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
    , conflict TEXT CHECK (conflict IS NULL OR json_valid(conflict)), refused_fields TEXT CHECK (refused_fields IS NULL OR json_valid(refused_fields)), batch TEXT, checks TEXT CHECK (checks IS NULL OR json_valid(checks)), batch_fields TEXT CHECK (batch_fields IS NULL OR json_valid(batch_fields)));

-- local.table sent_pictures
CREATE TABLE sent_pictures (
      reference TEXT NOT NULL,
      position INTEGER NOT NULL,
      source TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      PRIMARY KEY (reference, position)
    ) WITHOUT ROWID;

-- local.index dealer_prices_by_reference
CREATE INDEX dealer_prices_by_reference ON dealer_prices(reference, id);

-- local.index departed_by_left
CREATE INDEX departed_by_left ON departed_listings(left_as, left_at);

-- local.index pending_changes_by_batch
CREATE INDEX pending_changes_by_batch ON pending_changes(batch, id) WHERE batch IS NOT NULL;

-- local.index pending_changes_by_reference
CREATE INDEX pending_changes_by_reference ON pending_changes(reference, id);

-- local.index pending_changes_by_status
CREATE INDEX pending_changes_by_status ON pending_changes(status, id);

-- local.index pending_changes_open
CREATE INDEX pending_changes_open ON pending_changes(reference, id) WHERE closed_at IS NULL;
