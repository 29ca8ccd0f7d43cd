// A listing's change in words, the same on screen and in a terminal: "Price: R$ 50.000,00 → R$ 48.000,00".
import { CHANGE_FIELDS, CHANGES_KEPT_RUNS, type ChangeValue, type FieldChange, type ListingChange, type SyncChangesView } from '../listing-changes';
import type { UiLanguage } from '../views';
import { enumLabel } from './enums';
import { makeFormatters } from './format';
import { renderMessage, type MessageRef } from './messages';

/** One compared value as the dealer reads it (a price in reais, yes/no, a number, the text). */
export function changeValueText(language: UiLanguage, change: Pick<FieldChange, 'field'>, value: ChangeValue): string {
  if (value === null || value === '') return renderMessage(language, 'changes.empty');
  const format = CHANGE_FIELDS[change.field].format;
  if (typeof value === 'number') {
    if (format === 'money') return makeFormatters(language).money(value);
    if (format === 'flag') return renderMessage(language, value === 0 ? 'changes.no' : 'changes.yes');
    return new Intl.NumberFormat(language).format(value);
  }
  if (format === 'date') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }).format(date) + ' UTC';
  }
  return change.field === 'color' ? enumLabel(language, 'color', value) : value;
}

/** "Field: from → to". */
export function fieldChangeText(language: UiLanguage, change: FieldChange): string {
  return renderMessage(language, 'changes.fieldChange', {
    field: renderMessage(language, `changeFields.${change.field}`),
    from: changeValueText(language, change, change.from),
    to: changeValueText(language, change, change.to),
  });
}

/** What changed in a listing, each field in words; a change with no compared field says "other details". */
export function listingChangeTexts(language: UiLanguage, change: ListingChange): string[] {
  if (change.kind !== 'changed' && change.kind !== 'dropped' && change.kind !== 'offElsewhere') return [];
  if (change.fields.length === 0) return [renderMessage(language, 'changes.otherDetails')];
  return change.fields.map((f) => fieldChangeText(language, f));
}

/** What to say instead of a list (no run, a run that changed nothing or whose list is gone, a first sync); null when there is a list. */
export function changesNotice(view: SyncChangesView): MessageRef | null {
  const run = view.run;
  if (!run) return { code: 'changes.noRuns' };
  if (run.outcome === 'running') return { code: 'changes.notFinished' };
  if (run.outcome !== 'succeeded') return { code: 'changes.notSucceeded' };
  if (run.firstSync) return { code: 'changes.firstSync', params: { count: run.counts.added } };
  if (view.expired) return { code: 'changes.expired', params: { runs: CHANGES_KEPT_RUNS } };
  if (view.changes.length === 0) return { code: 'changes.none' };
  return null;
}
