// Query shapes vary with the filters in use; preparing is cheap but not free, so the last few
// hundred shapes stay prepared.
import type Database from 'better-sqlite3';
import type { Db } from './db';

export type StatementCache = (sql: string) => Database.Statement<unknown[], unknown>;

export function statementCache(db: Db, size = 200): StatementCache {
  const cache = new Map<string, Database.Statement<unknown[], unknown>>();
  return (sql) => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = db.prepare(sql);
      if (cache.size >= size) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(sql, stmt);
    return stmt;
  };
}
