// A sync run as the UI and the CLI show it: the cache's record with its counts, and notes in
// words for what the engine repaired or could not settle.
import type { SyncCounts, SyncRunView } from '../../shared/views';
import type { SyncRun } from '../cache';

export interface SyncRunReport extends SyncRunView {
  /** Every figure the run recorded (pages, requests, repairs…). */
  details: Record<string, number>;
  /** What happened beyond the counts, in words (repairs, a full sweep an incremental sync needed…). */
  notes: string[];
}

const NOTES: Record<string, (n: number) => string> = {
  scheduledFull: () => 'The last full check was over a day ago, so every page was read (a safety net for changes a quick sync cannot see).',
  upgradedToFull: () => 'The portal’s total did not add up after reading the changes, so every page was read to find removed listings.',
  shiftsDetected: (n) => `The list changed while it was being read (${n} time${n === 1 ? '' : 's'}); the pages concerned were read again.`,
  createdDuringSweep: (n) => `${n} listing${n === 1 ? ' was' : 's were'} created or edited during the sync; the pages were read again.`,
  totalChangedDuringSweep: () => 'The number of listings changed during the sync; the pages were read again.',
  pagesReread: (n) => `${n} page${n === 1 ? '' : 's'} read again to repair shifted pages.`,
  verified: (n) => `${n} listing${n === 1 ? '' : 's'} checked one by one.`,
  verifiedRemoved: (n) => `${n} of them no longer exist${n === 1 ? 's' : ''} on the portal.`,
  verifiedUnreadable: (n) => `${n} of them could not be read and ${n === 1 ? 'was' : 'were'} kept as last seen.`,
  unsettled: () => 'The portal kept changing during the sync: everything seen was kept; the next sync settles the rest.',
  possiblyMissed: (n) => `Up to ${n} listing${n === 1 ? '' : 's'} may be missing until the next sync.`,
  unverified: (n) => `${n} listing${n === 1 ? '' : 's'} could not be checked and were kept as last seen.`,
  urlChecked: (n) => `${n} listing${n === 1 ? '' : 's'} whose address was due read again.`,
  pendingChecked: (n) => `${n} pending unpublish${n === 1 ? '' : 'es'} checked with the portal.`,
  unidentified: (n) => `${n} item${n === 1 ? '' : 's'} from the portal could not be identified (no reference) and ${n === 1 ? 'was' : 'were'} not stored; no listing was removed for want of it. Shown in the sync history.`,
  planFailed: () => 'The plan could not be read; the last known plan is kept.',
  photosFailed: (n) => `${n} photo${n === 1 ? '' : 's'} could not be downloaded.`,
  photosError: () => 'The photo download stopped early; the next sync continues it.',
  unpublishFailed: (n) => `${n} unpublish request${n === 1 ? '' : 's'} refused by the portal.`,
};

export function notesOf(details: Record<string, number>): string[] {
  return Object.entries(NOTES)
    .filter(([key]) => (details[key] ?? 0) > 0)
    .map(([key, text]) => text(details[key] ?? 0));
}

export function toSyncRunReport(run: SyncRun): SyncRunReport {
  const c = run.counts;
  const counts: SyncCounts = {
    added: c.added ?? 0,
    changed: c.changed ?? 0,
    removed: c.removed ?? 0,
    droppedByPortal: c.droppedByPortal ?? 0,
    failed: c.failed ?? 0,
    unpublishSent: c.unpublishSent ?? 0,
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
    details,
    notes: notesOf(details),
  };
}
