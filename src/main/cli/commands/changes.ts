// changes [--run N]: which listings a sync run added, changed, saw dropped by the portal or removed,
// with the fields that changed (the last finished run by default). Reads only local data.
import { changesNotice, listingChangeTexts } from '../../../shared/i18n/change-text';
import { renderMessage } from '../../../shared/i18n/messages';
import { LISTING_CHANGE_KINDS, type ListingChange, type SyncChangesView } from '../../../shared/listing-changes';
import type { UiLanguage } from '../../../shared/views';
import { CHANGES_KEPT_PER_RUN, CHANGES_KEPT_RUNS } from '../../../shared/listing-changes';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { usageError } from '../usage-error';

/** One listing: its reference and title, then what changed, a field a line. */
function listingLines(language: UiLanguage, change: ListingChange): string[] {
  return [`  ${change.reference}${change.title ? `  ${change.title}` : ''}`, ...listingChangeTexts(language, change).map((f) => `      ${f}`)];
}

/** The view as lines: a heading per kind of change, one listing (and its fields) under it. */
export function changesText(language: UiLanguage, view: SyncChangesView): string[] {
  const run = view.run;
  const notice = changesNotice(view);
  const said = notice && renderMessage(language, notice.code, notice.params);
  if (!run) return said === null ? [] : [said];
  const lines = [`${renderMessage(language, 'changes.title', { run: run.id })} (${run.kind}, ${run.outcome}, ${run.startedAt})`];
  if (said !== null) return [...lines, said];
  for (const kind of LISTING_CHANGE_KINDS) {
    const ofKind = view.changes.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push(`${renderMessage(language, `changes.${kind}`)} (${ofKind.length})`);
    for (const change of ofKind) lines.push(...listingLines(language, change));
  }
  if (view.notKept > 0) lines.push(renderMessage(language, 'changes.notKept', { count: view.notKept, max: CHANGES_KEPT_PER_RUN }));
  return lines;
}

export const changes: Command = {
  name: 'changes',
  summary: 'cliHelp.changesSummary',
  usage: 'changes [--run N] [--json]',
  help: [{ code: 'cliHelp.changesHelp', params: { runs: CHANGES_KEPT_RUNS, max: CHANGES_KEPT_PER_RUN } }],
  options: { run: { type: 'string' } },
  async run(ctx, { values }) {
    const run = str(values.run);
    if (run !== undefined && !/^\d{1,15}$/.test(run)) throw usageError({ code: 'cli.runInvalid', params: { value: run } });
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const view = await session.changes(run);
    if (ctx.json) {
      ctx.out.json(view);
      return EXIT.ok;
    }
    const language = await ctx.language();
    for (const line of changesText(language, view)) ctx.out.line(line);
    return EXIT.ok;
  },
};
