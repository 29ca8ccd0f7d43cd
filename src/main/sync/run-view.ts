// A sync run as the UI and the CLI show it: the cache's record with its counts, and notes (message
// codes rendered from the dictionaries) for what the engine repaired or could not settle.
import { renderMessage, type MessageRef, type SectionKey } from '../../shared/i18n/messages';
import { PUBLICATION_ACTIONS, type RequestsSent, type SyncCounts, type SyncRunView, type UiLanguage } from '../../shared/views';
import type { SyncRun } from '../cache';

export interface SyncRunReport extends SyncRunView {
  /** Every figure the run recorded (pages, requests, repairs…). */
  details: Record<string, number>;
  /** What happened beyond the counts, in words (repairs, a full sweep an incremental sync needed…). */
  notes: string[];
}

// The order they are shown in; the texts are the dictionaries' `codes.syncNotes` (with plural forms).
const NOTES = [
  'scheduledFull',
  'upgradedToFull',
  'shiftsDetected',
  'createdDuringSweep',
  'totalChangedDuringSweep',
  'pagesReread',
  'verified',
  'verifiedRemoved',
  'verifiedUnreadable',
  'unsettled',
  'possiblyMissed',
  'unverified',
  'urlChecked',
  'pendingChecked',
  'unidentified',
  'planFailed',
  'photosFailed',
  'photosError',
  'notApplied',
  'unpublishSent',
  'publishSent',
  'highlightSent',
  'unhighlightSent',
  'unpublishFailed',
  'publishFailed',
  'highlightFailed',
  'unhighlightFailed',
] as const satisfies ReadonlyArray<SectionKey<'syncNotes'>>;

/** The notes a run's figures call for, as message codes (`count` is the figure). */
export function noteCodes(details: Record<string, number>): MessageRef[] {
  return NOTES.filter((key) => (details[key] ?? 0) > 0).map((key) => ({ code: `syncNotes.${key}`, params: { count: details[key] ?? 0 } }));
}

/** The notes in words, in `language` (English in the run's JSON report). */
export function notesOf(details: Record<string, number>, language: UiLanguage = 'en'): string[] {
  return noteCodes(details).map((ref) => renderMessage(language, ref.code, ref.params));
}

/** The requests sent by kind from a run's figures; a kind a record does not have (an older one) reads 0. */
export function requestsSent(figures: Partial<RequestsSent> | Partial<Record<string, number>>): RequestsSent {
  return Object.fromEntries(PUBLICATION_ACTIONS.map((action) => [`${action}Sent`, figures[`${action}Sent`] ?? 0])) as RequestsSent;
}

export function toSyncRunReport(run: SyncRun): SyncRunReport {
  const c = run.counts;
  const counts: SyncCounts = {
    added: c.added ?? 0,
    changed: c.changed ?? 0,
    removed: c.removed ?? 0,
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
