// Switching a new file to WAL while another process switches the same file (two first syncs into
// an empty data folder): the switch reads the header, then asks for the write lock, and SQLite
// answers the second asker SQLITE_BUSY at once, without its busy handler (waiting while holding a
// read lock could deadlock: sqlite.org/c3ref/busy_handler.html). The switch changes nothing once
// made, so it is tried again, for as long as the connection's busy timeout.
import type { Db } from './connection';

const PAUSE_MS = 10;
const pause = new Int32Array(new SharedArrayBuffer(4));

const isBusy = (error: unknown) => error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');

/** `PRAGMA <schema>.journal_mode = WAL`, tried again while another connection is switching the same file. */
export function switchToWal(db: Db, schema: 'main' | 'local'): void {
  const until = Date.now() + (db.pragma('busy_timeout', { simple: true }) as number);
  for (;;) {
    try {
      db.pragma(`${schema}.journal_mode = WAL`);
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= until) throw error;
      Atomics.wait(pause, 0, 0, PAUSE_MS);
    }
  }
}
