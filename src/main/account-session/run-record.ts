// The record of a sync run that ended outside the engine's own bookkeeping: the engine threw, the
// worker running it stopped, or the account closed before its end came back.
import type { AppErrorShape } from '../../shared/errors';
import { requestsSent } from '../../shared/sync-notes';
import type { SyncRunReport } from '../sync';
import type { SyncRunKind } from './types';

/** Failed, or cancelled when the error says so; nothing counted. */
export function endedRun(runId: string, error: AppErrorShape, known: { kind?: SyncRunKind; startedAt?: string } = {}): SyncRunReport {
  const endedAt = new Date().toISOString();
  return {
    id: runId,
    // 'auto' was to be decided by the engine: a quick sync unless a full one was due.
    kind: known.kind === undefined || known.kind === 'full' ? 'full' : 'incremental',
    startedAt: known.startedAt ?? endedAt,
    endedAt,
    outcome: error.kind === 'cancelled' ? 'cancelled' : 'failed',
    counts: { added: 0, changed: 0, removed: 0, sold: 0, droppedByPortal: 0, failed: 0, ...requestsSent({}) },
    error,
    dataProblems: [],
    firstSync: false,
    details: {},
    notes: [],
  };
}
