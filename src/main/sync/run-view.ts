// A sync run as the UI and the CLI show it: the cache's record with its counts, and notes (message
// codes rendered from the dictionaries) for what the engine repaired or could not settle.
import { notesOf, requestsSent } from '../../shared/sync-notes';
import type { SyncCounts, SyncRunView } from '../../shared/views';
import type { SyncRun } from '../cache';

export interface SyncRunReport extends SyncRunView {
  /** Every figure the run recorded (pages, requests, repairs…). */
  details: Record<string, number>;
  /** What happened beyond the counts, in words (repairs, a full sweep an incremental sync needed…). */
  notes: string[];
}

export function toSyncRunReport(run: SyncRun): SyncRunReport {
  const c = run.counts;
  const counts: SyncCounts = {
    added: c.added ?? 0,
    changed: c.changed ?? 0,
    removed: c.removed ?? 0,
    sold: c.sold ?? 0,
    droppedByPortal: c.droppedByPortal ?? 0,
    failed: c.failed ?? 0,
    ...requestsSent(c),
  };
  const details: Record<string, number> = {};
  for (const [key, value] of Object.entries(c)) if (typeof value === 'number') details[key] = value;
  return {
    id: String(run.id),
    kind: run.kind,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    outcome: run.outcome,
    counts,
    error: run.error,
    dataProblems: run.dataProblems,
    firstSync: c.firstSync === 1,
    details,
    notes: notesOf(details),
  };
}
