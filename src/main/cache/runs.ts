// The record of each sync: what kind, when, how it ended, what it counted.
import { PLAN_LISTINGS_SQL } from '../../shared/attention';
import { IN_STOCK_SQL } from '../../shared/pending-changes';
import type { AppErrorShape } from '../../shared/errors';
import { kindMessage, renderMessage } from '../../shared/i18n/messages';
import type { SyncDataProblem, SyncKind, SyncOutcome } from '../../shared/views';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';

/** How a run ended (a run not ended yet is 'running'). */
export type SyncEnd = Exclude<SyncOutcome, 'running'>;
/** The outcome column: schema 1's CHECK spells 'succeeded' as 'ok'; that spelling stays in this file. */
type StoredOutcome = 'ok' | 'failed' | 'cancelled';

export interface SyncCounts {
  added: number;
  changed: number;
  removed: number;
  droppedByPortal: number;
  failed: number;
  pages: number;
  requests: number;
  [key: string]: number;
}

export interface SyncRun {
  id: number;
  kind: SyncKind;
  startedAt: string;
  endedAt: string | null;
  outcome: SyncOutcome;
  counts: Partial<SyncCounts>;
  error: AppErrorShape | null;
  /** Portal items the run could not identify (schema 7 on). */
  dataProblems: SyncDataProblem[];
}

/** Data problems kept per run: enough to show what went wrong, bounded whatever the portal sends. */
export const DATA_PROBLEMS_KEPT = 50;

interface DbRun {
  id: number;
  kind: SyncKind;
  started_at: string;
  ended_at: string | null;
  outcome: StoredOutcome | null;
  counts: string;
  error: string | null;
  data_problems: string;
}

/** A run's stored error; runs recorded before every error had a code read as their kind's text. */
function storedError(text: string): AppErrorShape {
  const shape = JSON.parse(text) as Omit<AppErrorShape, 'code'> & { code?: string };
  return { ...shape, code: shape.code ?? kindMessage(shape.kind).code };
}

const toRun = (r: DbRun): SyncRun => ({
  id: r.id,
  kind: r.kind,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  outcome: r.outcome === null ? 'running' : r.outcome === 'ok' ? 'succeeded' : r.outcome,
  counts: JSON.parse(r.counts) as Partial<SyncCounts>,
  error: r.error === null ? null : storedError(r.error),
  dataProblems: JSON.parse(r.data_problems) as SyncDataProblem[],
});

export type SyncRunStore = ReturnType<typeof createSyncRunStore>;

export function createSyncRunStore(db: Db, clock: Clock) {
  const insert = db.prepare('INSERT INTO sync_runs (kind, started_at) VALUES (?, ?)');
  // A run finished again (its counts corrected after the commit) keeps the stock its commit recorded.
  const finish = db.prepare<{ endedAt: string; outcome: StoredOutcome; counts: string; error: string | null; id: number }>(
    `UPDATE sync_runs SET ended_at = :endedAt, outcome = :outcome, error = :error,
       counts = CASE WHEN json_type(counts, '$.stock') IS NULL THEN :counts ELSE json_set(:counts, '$.stock', json(json_extract(counts, '$.stock'))) END
     WHERE id = :id`,
  );
  const setProblems = db.prepare('UPDATE sync_runs SET data_problems = ? WHERE id = ?');
  // Into the run's counts (no column of its own: runs before this version simply lack it).
  const recordStock = db.prepare(
    `UPDATE sync_runs SET counts = json_set(counts, '$.stock', json((
       SELECT json_object('inStock', count(*), 'onPortal', coalesce(sum(published = 1), 0), 'priced', count(value), 'priceSum', coalesce(sum(value), 0),
         'planLimit', ${PLAN_LISTINGS_SQL}) FROM vehicles v WHERE ${IN_STOCK_SQL})))
     WHERE id = ?`,
  );
  const byId = db.prepare<[number], DbRun>('SELECT * FROM sync_runs WHERE id = ?');
  const recent = db.prepare<[number], DbRun>('SELECT * FROM sync_runs ORDER BY id DESC LIMIT ?');
  const lastOk = db.prepare<[], DbRun>("SELECT * FROM sync_runs WHERE outcome = 'ok' ORDER BY id DESC LIMIT 1");
  // A run left open by a crash or a killed process did not finish.
  const closeAbandoned = db.prepare("UPDATE sync_runs SET ended_at = ?, outcome = 'failed', error = ? WHERE ended_at IS NULL");

  return {
    start(kind: SyncKind): number {
      return Number(insert.run(kind, isoNow(clock)).lastInsertRowid);
    },
    finish(id: number, outcome: SyncEnd, counts: Partial<SyncCounts>, error?: AppErrorShape | null): void {
      const stored: StoredOutcome = outcome === 'succeeded' ? 'ok' : outcome;
      finish.run({ endedAt: isoNow(clock), outcome: stored, counts: JSON.stringify(counts), error: error == null ? null : JSON.stringify(error), id });
    },
    /** Records in the run's counts the stock as the run leaves it (the insights over time, StockCounts): in its commit's transaction. */
    recordStock(id: number): void {
      recordStock.run(id);
    },
    /** Records the portal items the run could not identify (the first DATA_PROBLEMS_KEPT; the count is in its counts). */
    setDataProblems(id: number, problems: readonly SyncDataProblem[]): void {
      setProblems.run(JSON.stringify(problems.slice(0, DATA_PROBLEMS_KEPT)), id);
    },
    get(id: number): SyncRun | null {
      const r = byId.get(id);
      return r === undefined ? null : toRun(r);
    },
    recent(limit = 20): SyncRun[] {
      return recent.all(limit).map(toRun);
    },
    lastSuccessful(): SyncRun | null {
      const r = lastOk.get();
      return r === undefined ? null : toRun(r);
    },
    closeAbandoned(): number {
      const error = JSON.stringify({ kind: 'internal', message: renderMessage('en', 'cache.interrupted'), code: 'cache.interrupted' });
      return closeAbandoned.run(isoNow(clock), error).changes;
    },
  };
}
