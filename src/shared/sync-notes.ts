// What a sync run's figures say beyond its counts: the notes (message codes rendered from the
// dictionaries) for what the engine repaired or could not settle, and the requests it sent by kind.
// Pure, for the app, the command line and the session alike.
import { renderMessage, type MessageRef, type SectionKey } from './i18n/messages';
import { PUBLICATION_ACTIONS, type RequestsSent, type UiLanguage } from './views';

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
