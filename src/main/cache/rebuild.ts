// Rebuilding a damaged cache: the listings, photos and plan come back from the portal at the next
// (full) sync; what only exists here is kept. The queued unpublishes live in the local-only file
// (local.ts), which a rebuild never touches; the sync history and the publication history are
// copied from the damaged file as far as they can still be read. The damaged file is kept beside
// it (`cache.sqlite.damaged`) for support, replacing an earlier one.
import { existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { codedError } from '../../shared/i18n/messages';
import { openDatabase } from './db';
import { createCache } from './index';
import { removeSearchIndexFile } from './search-index-file';

export interface RebuildResult {
  /** Queued unpublishes kept (still waiting to be sent). */
  pendingKept: number;
  /** Sync runs and publication events copied from the damaged file. */
  runsKept: number;
  eventsKept: number;
  /** Where the damaged file was moved, or null when there was none. */
  damagedCopy: string | null;
}

type Row = Record<string, unknown>;

const RUN_COLUMNS = ['id', 'kind', 'started_at', 'ended_at', 'outcome', 'counts', 'error', 'data_problems'] as const;
const EVENT_COLUMNS = ['id', 'reference', 'at', 'from_published', 'from_highlighted', 'to_published', 'to_highlighted', 'cause', 'sync_run_id'] as const;

/** Every row `sql` still yields before the damage stops it. */
function readWhatYouCan(db: Database.Database, sql: string): Row[] {
  const rows: Row[] = [];
  try {
    for (const row of db.prepare(sql).iterate()) rows.push(row as Row);
  } catch {
    /* the damage: keep what came before it */
  }
  return rows;
}

function salvage(file: string): { runs: Row[]; events: Row[] } {
  if (!existsSync(file)) return { runs: [], events: [] };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    const open = db;
    // A file from an older schema lacks the newer columns: read those it has (the rest take their defaults).
    const columnsOf = (table: string, wanted: readonly string[]) => {
      const present = new Set(readWhatYouCan(open, `PRAGMA table_info(${table})`).map((c) => c.name));
      return wanted.filter((c) => present.has(c));
    };
    const runColumns = columnsOf('sync_runs', RUN_COLUMNS);
    const eventColumns = columnsOf('publication_events', EVENT_COLUMNS);
    return {
      runs: runColumns.length === 0 ? [] : readWhatYouCan(db, `SELECT ${runColumns.join(', ')} FROM sync_runs ORDER BY id`),
      events: eventColumns.length === 0 ? [] : readWhatYouCan(db, `SELECT ${eventColumns.join(', ')} FROM publication_events ORDER BY id`),
    };
  } catch {
    return { runs: [], events: [] };
  } finally {
    try {
      db?.close();
    } catch {
      /* a damaged file may refuse even this */
    }
  }
}

const SUFFIXES = ['', '-wal', '-shm', '-journal'];

/** Replaces the cache file with an empty one, keeping what only exists here. The caller holds the sync lock. */
export function rebuildCacheFile(file: string): RebuildResult {
  const kept = salvage(file);
  const aside = `${file}.damaged`;
  let damagedCopy: string | null = null;
  try {
    for (const suffix of SUFFIXES) rmSync(aside + suffix, { force: true });
    for (const suffix of SUFFIXES) {
      if (!existsSync(file + suffix)) continue;
      renameSync(file + suffix, aside + suffix);
      if (suffix === '') damagedCopy = aside;
    }
    // The saved search index was the damaged file's (its stamp would not match the new one's anyway).
    removeSearchIndexFile(file);
  } catch (error) {
    throw codedError('database', { code: 'cache.cannotMoveAside' }, { file, cause: String(error) }, { cause: error });
  }
  const db = openDatabase(file, { expectFresh: true });
  const cache = createCache(db);
  try {
    const runIds = new Set<unknown>();
    let runsKept = 0;
    let eventsKept = 0;
    cache.transaction(() => {
      const insertInto = (table: string, row: Row) => {
        const columns = Object.keys(row);
        return db
          .prepare(`INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
          .run(...columns.map((c) => row[c]));
      };
      for (const run of kept.runs) {
        try {
          if (insertInto('sync_runs', run).changes > 0) {
            runIds.add(run.id);
            runsKept++;
          }
        } catch {
          /* a row the damage garbled (fails a CHECK): not history worth keeping */
        }
      }
      for (const event of kept.events) {
        const row = 'sync_run_id' in event && !runIds.has(event.sync_run_id) ? { ...event, sync_run_id: null } : event;
        try {
          if (insertInto('publication_events', row).changes > 0) eventsKept++;
        } catch {
          /* as above */
        }
      }
      cache.meta.set('cache.rebuilt_at', new Date().toISOString());
    });
    // A run the damaged file had left open did not finish.
    cache.runs.closeAbandoned();
    return { pendingKept: cache.ledger.unsentCount(), runsKept, eventsKept, damagedCopy };
  } finally {
    cache.close();
  }
}
