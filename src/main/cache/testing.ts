// For tests only: the connection under an open cache. The app never reaches the database except
// through the cache's stores (index.ts does not export this); some tests must look at what only
// that one connection sees — its TEMP staging table, its pragmas, a trigger or raw write whose
// effect on the in-memory snapshot is the point — so they borrow it here, by an explicit name.
import type { Db } from './db';

const connections = new WeakMap<object, Db>();

/** createCache records each cache's connection. */
export function recordConnection(cache: object, db: Db): void {
  connections.set(cache, db);
}

export function connectionForTests(cache: object): Db {
  const db = connections.get(cache);
  if (db === undefined) throw new Error('not a cache made by createCache');
  return db;
}
