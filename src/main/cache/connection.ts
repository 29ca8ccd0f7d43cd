// The type of a connection to the cache's database, apart from db.ts (which opens it): the modules
// db.ts itself uses (integrity.ts, local.ts) take a connection without importing back what opens it.
import type Database from 'better-sqlite3';

export type Db = Database.Database;
