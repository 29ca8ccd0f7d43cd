// What a sync run changed, as the UI and the CLI show it: its record, and its listings as the
// cache kept them (the last runs only; a first sync is summarised by its count).
import { codedError } from '../../shared/i18n/messages';
import { CHANGES_KEPT_PER_RUN, type SyncChangesView } from '../../shared/listing-changes';
import type { Cache, SyncRun } from '../cache';
import { toSyncRunReport } from './run-view';

/** The run named by `runId` (its id as text), or the last finished run; throws not_found for an unknown id. */
function runOf(cache: Cache, runId: string | undefined): SyncRun | null {
  if (runId === undefined) return cache.runs.recent(10).find((r) => r.endedAt !== null) ?? null;
  const run = cache.runs.get(Number(runId));
  if (!run) throw codedError('not_found', { code: 'changes.noRun', params: { run: runId } });
  return run;
}

export function syncChangesView(cache: Cache, runId?: string): SyncChangesView {
  const run = runOf(cache, runId);
  if (!run) return { run: null, changes: [], notKept: 0, expired: false };
  const id = run.id;
  const c = run.counts;
  const report = toSyncRunReport(run);
  const changes = cache.changes.ofRun(id);
  // A first sync is summarised by its count (no list was kept).
  const total = report.firstSync ? 0 : (c.added ?? 0) + (c.changed ?? 0) + (c.removed ?? 0);
  // Pruned (an older run), or from before the list was kept, or lost with a damaged file.
  const expired = changes.length === 0 && total > 0;
  // Beyond the bound only: the counts may differ from the list by a listing read changed and then found gone.
  const notKept = !expired && changes.length >= CHANGES_KEPT_PER_RUN ? Math.max(0, total - changes.length) : 0;
  return { run: report, changes, notKept, expired };
}
