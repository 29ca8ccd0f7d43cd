// Local schema 7: what only the dealer knows of a listing's price and of its end, kept in the
// local file because a cache rebuilt from the portal could never get it back.
// - `dealer_prices`: every price the dealer set (an edit's value), when, and from where.
// - `departed_listings`: a listing that left the inventory, with its last data: sold (the dealer
//   marked it so and the portal deleted it) or removed (the portal deleted it without a sale mark).
import type Database from 'better-sqlite3';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE local.dealer_prices (
      id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL,
      value REAL NOT NULL,
      set_at TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('app', 'cli', 'bulk')),
      change_id INTEGER
    );
    CREATE INDEX local.dealer_prices_by_reference ON dealer_prices(reference, id);
    CREATE TABLE local.departed_listings (
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
    CREATE INDEX local.departed_by_left ON departed_listings(left_as, left_at);
  `);
}
