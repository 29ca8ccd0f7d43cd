// Opening one account's cache file: connection settings, the schema check and the errors a
// dealer can act on. Everything else in cache/ receives the open `Db`.
import Database from 'better-sqlite3';
import { AppError, DAMAGED_REASON } from '../../shared/errors';
import { codedError, renderMessage } from '../../shared/i18n/messages';
import { integrityCheckDue, noteIntegrityChecked } from './integrity';
import { attachLocal, checkIdentity, localFileFor } from './local';
import { preparePrivateDatabaseFile } from '../base/private-files';
import { LATEST_VERSION, migrateTo, newerSchemaError, readSchemaVersion } from './migrations';
import { switchToWal } from './wal-mode';

export type { Db } from './connection';
import type { Db } from './connection';

export interface OpenDatabaseOptions {
  /** How long a statement waits for another connection's write lock before failing (ms). */
  busyTimeoutMs?: number;
  /** Open without writing (no migrations); refuses an outdated schema instead of upgrading it. */
  readonly?: boolean;
  /** The file was just emptied on purpose (a rebuild): an empty cache is expected, not news. */
  expectFresh?: boolean;
  /** SQLite's quick check at open; 'auto' (default): after a crash, or when the last one is a day old (integrity.ts). */
  integrityCheck?: boolean | 'auto';
}

/** Bytes per database page of a new cache file. */
export const PAGE_SIZE = 65_536;
/** Page cache of each connection, in KiB. */
export const CACHE_SIZE_KIB = 32_768;

const DAMAGED = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE']);
const UNWRITABLE = new Set(['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_PERM', 'SQLITE_FULL', 'SQLITE_IOERR']);

function sqliteCode(error: unknown): string | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The dealer's texts are the dictionaries' `codes.cache`; this one's English, for the logs. */
export const DAMAGED_MESSAGE = renderMessage('en', 'cache.damaged');

export function damagedError(file: string, detail: Record<string, unknown>, cause?: unknown): AppError {
  return codedError('database', { code: 'cache.damaged' }, { file, reason: DAMAGED_REASON, ...detail }, cause === undefined ? undefined : { cause });
}

/** Maps SQLite's failures to the errors the dealer sees; a file that is not a database must never look like "no vehicles". */
export function toDatabaseError(error: unknown, file: string): unknown {
  if (error instanceof AppError) return error;
  const code = sqliteCode(error);
  if (code === undefined || !code.startsWith('SQLITE_')) return error;
  const cause = error instanceof Error ? error.message : String(error);
  if (DAMAGED.has(code)) return damagedError(file, { code, cause }, error);
  // Another process holds the write lock longer than busy_timeout (never a sync: see sync/lock.ts).
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return codedError('database', { code: 'cache.busy' }, { file, code, cause }, { cause: error });
  }
  if ([...UNWRITABLE].some((c) => code === c || code.startsWith(`${c}_`))) {
    return codedError('database', { code: 'cache.unwritable' }, { file, code, cause }, { cause: error });
  }
  return error;
}

/** SQLite's quick check (structure of every page, no index contents): throws the damaged error. */
export function quickCheck(db: Db, file: string): void {
  const problems = db.pragma('quick_check(5)', { simple: false }) as Array<{ quick_check: string }>;
  const found = problems.map((p) => p.quick_check).filter((p) => p !== 'ok');
  if (found.length > 0) throw damagedError(file, { check: found });
}

/** Opens (creating if needed) and upgrades the cache file. Throws AppError('database') when it cannot be used. */
export function openDatabase(file: string, opts: OpenDatabaseOptions = {}): Db {
  let db: Db | undefined;
  try {
    if (!opts.readonly) for (const f of [file, localFileFor(file)]) preparePrivateDatabaseFile(f);
    db = new Database(file, { readonly: opts.readonly ?? false, fileMustExist: opts.readonly ?? false });
    // The first statement reads the header: a file that is not a database fails here, not later.
    const version = readSchemaVersion(db);
    if (version > LATEST_VERSION) throw newerSchemaError(version, file);
    // 64 KiB pages, SQLite's largest: a listing's JSON never spills onto overflow pages and a
    // full sync writes far fewer pages, so it ingests faster (bench/cache-ingest.ts); searches,
    // windows and the snapshot measure the same. The price is paid on small writes: a change
    // writes whole 64 KiB pages to the WAL. Figures: docs/measurements.md.
    // Only takes effect on a new, empty file.
    if (version === 0 && !opts.readonly) db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000))}`);
    if (!opts.readonly) {
      // WAL: readers (the inventory screen) never wait for the sync's writes, and a crash never half-applies a commit.
      switchToWal(db, 'main');
      // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the
      // last commits, which the next sync restores. What the next sync cannot restore (the
      // dealer's queued writes) lives in the attached local file, written with FULL (local.ts).
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('foreign_keys = ON');
    // Sorting and facet counting build temporary b-trees; keep them off the disk.
    db.pragma('temp_store = MEMORY');
    // A page cache well above SQLite's default (2 MB, only 31 pages of 64 KiB): the inventory's
    // reads by id then mostly stay in memory, and searches answer sooner at no cost in peak
    // memory (bench/cache-memory.ts; docs/measurements.md).
    db.pragma(`cache_size = -${CACHE_SIZE_KIB}`);
    // Before the migrations: schema 7 moves the outbox into it.
    attachLocal(db, file, opts.readonly ?? false);
    const check = version > 0 && (opts.integrityCheck === true || ((opts.integrityCheck ?? 'auto') === 'auto' && integrityCheckDue(db, file, Date.now())));
    if (check) quickCheck(db, file);
    if (opts.readonly) {
      if (version < LATEST_VERSION) throw codedError('database', { code: 'cache.needsUpgrade' }, { file, version, latest: LATEST_VERSION });
    } else {
      migrateTo(db, LATEST_VERSION);
      checkIdentity(db, { fresh: version === 0, expectFresh: opts.expectFresh, now: () => new Date() });
      if (check || version === 0) noteIntegrityChecked(db, Date.now());
    }
    return db;
  } catch (error) {
    db?.close();
    throw toDatabaseError(error, file);
  }
}
