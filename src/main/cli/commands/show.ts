// show <reference>: one listing in full, from the local inventory (offline): every field, its
// publication and history, problems, and its photos with their cache state. The fields and their
// labels are the listing's columns (shared/listing-columns.ts).
import { enumLabel, type EnumKind } from '../../../shared/i18n/enums';
import { MESSAGES, textsIn, type Texts } from '../../../shared/i18n/messages';
import { LISTING_COLUMNS, LISTING_FIELDS, listingColumn, listingValue, NONE } from '../../../shared/listing-columns';
import type { Vehicle } from '../../../shared/vehicle';
import type { UiLanguage, VehicleDetailView } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, labelledLines } from '../io';
import { priceHistoryLines } from './history';

/** One field as `show` prints it, or null when the listing does not have it. */
function fieldText(language: UiLanguage, name: (typeof LISTING_FIELDS)[number], vehicle: Vehicle): string | null {
  const value = listingValue(name, vehicle);
  if (value === null || value === '') return null;
  if (value === NONE) return MESSAGES[language].detail.none;
  switch (LISTING_COLUMNS[name].format) {
    case 'money':
      return formatMoney(Number(value), language);
    case 'km':
      return `${formatNumber(Number(value), language)} km`;
    case 'code':
      return enumLabel(language, name as EnumKind, String(value));
    case 'flag':
      return textsIn(language)(value === true ? 'cli.yes' : 'cli.no');
    default:
      return String(value);
  }
}

function publicationText(t: Texts, view: VehicleDetailView): string {
  const p = view.publication;
  const state = p.onPortal
    ? t(p.highlighted ? 'cli.onPortalHighlighted' : 'cli.onPortal')
    : t('cli.notOnPortal', { why: t(`cli.why_${p.notOnPortalReason ?? 'unknown'}`) });
  const r = p.request;
  if (r === null) return state;
  const said = { state, action: t(`cli.action_${r.action}`), at: r.requestedAt ?? '?' };
  if (r.status === 'queued') return t('cli.requestQueued', said);
  if (r.status === 'pending') return t('cli.requestPending', said);
  if (r.status === 'not_applied') return t('cli.requestNotApplied', said);
  return t('cli.requestRefused', { ...said, message: r.message ?? '' });
}

export const show: Command = {
  name: 'show',
  summary: 'cliHelp.showSummary',
  usage: 'show <reference> [--json]',
  positionals: { min: 1, max: 1, name: 'reference' },
  async run(ctx, { positionals, values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const [reference = ''] = positionals; // exactly one (positionals.min above)
    // Offline by design: the command line shows what the cache has, it fetches no photos.
    const view = await session.vehicle(reference, { fetchPhotos: false });
    if (ctx.json) {
      ctx.out.json(view);
      return EXIT.ok;
    }
    const language = await ctx.language();
    const t = textsIn(language);
    const raw = view.raw !== null && typeof view.raw === 'object' ? (view.raw as Record<string, unknown>) : {};
    const problemOf = new Map(view.problems.map((p) => [p.field, p.message]));
    const rows: Array<[string, string]> = [];
    for (const name of LISTING_FIELDS) {
      const column = listingColumn(name);
      const field = column.listing?.field;
      const problem = field && problemOf.get(field);
      const text = fieldText(language, name, view.vehicle) ?? (field && problem && raw[field] !== undefined ? JSON.stringify(raw[field]) : '—');
      rows.push([column.label?.(MESSAGES[language]) ?? name, text.replace(/\s*\n\s*/g, ' ⏎ ')]);
      if (problem) rows.push(['', `⚠ ${problem}`]);
    }
    rows.push([t('cli.showOnPortal'), publicationText(t, view)], [t('cli.showLastRead'), view.syncedAt ?? '—']);
    for (const p of view.problems.filter((x) => x.field === '(root)')) rows.push([t('cli.showProblem'), p.message]);
    for (const line of labelledLines(rows)) ctx.out.line(line);

    ctx.out.line();
    ctx.out.line(t('cli.history', { entries: view.history.length }));
    for (const e of view.history)
      ctx.out.line(
        `  ${e.at}  ${e.change}${e.cause ? ` (${e.cause})` : ''}${e.by ? ` ${t('cli.historyBy', { who: e.by })}` : ''}${e.message ? `: ${e.message}` : ''}`,
      );

    ctx.out.line();
    for (const line of priceHistoryLines(language, await session.priceHistory(reference))) ctx.out.line(line);

    ctx.out.line();
    ctx.out.line(
      view.rejectedPositions.length
        ? t('cli.photosRejectedAt', { photos: view.photos.length, positions: view.rejectedPositions.join(', ') })
        : t('cli.photos', { photos: view.photos.length }),
    );
    for (const p of view.photos)
      ctx.out.line(`  ${String(p.order).padStart(2)}  ${p.cache.padEnd(10)}  ${p.source}${p.cacheError ? `  (${p.cacheError})` : ''}`);
    if (view.rejectedPositions.length) ctx.out.line(`  ${t('cli.photosRejectedHint')}`);
    if (view.problems.length) ctx.out.note(t('cli.listingProblems', { problems: view.problems.length }));
    return EXIT.ok;
  },
};
