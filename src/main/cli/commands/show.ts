// show <reference>: one listing in full, from the local inventory (offline): every field, its
// publication and history, problems, and its photos with their cache state.
import { enumLabel } from '../../../shared/i18n/enums';
import { textsIn, type Texts } from '../../../shared/i18n/messages';
import type { UiLanguage, VehicleDetailView } from '../../../shared/views';
import type { VehicleField } from '../../../shared/vehicle';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { formatMoney, formatNumber, labelledLines } from '../io';

/** Every field of a vehicle, in the order a dealer reads them (labels: the dictionaries' `cli.field_*`). */
const FIELDS: readonly VehicleField[] = [
  'reference',
  'title',
  'description',
  'brand',
  'trim',
  'type',
  'fuel',
  'gearbox',
  'color',
  'manufacturedYear',
  'modelYear',
  'value',
  'mileage',
  'brandNew',
  'doors',
  'licensePlate',
  'document',
  'amountPerInstallment',
  'amountOfInstallments',
  'deposit',
  'accessories',
  'otherInfos',
  'active',
  'publication',
  'pictures',
  'updatedAt',
  'url',
];

function fieldText(language: UiLanguage, field: VehicleField, view: VehicleDetailView): string | null {
  const t = textsIn(language);
  const v = view.vehicle;
  switch (field) {
    case 'value':
    case 'amountPerInstallment':
    case 'deposit':
      return formatMoney(v[field], language);
    case 'mileage':
      return v.mileage == null ? null : `${formatNumber(v.mileage, language)} km`;
    case 'brand':
      return v.brand ? `${v.brand.name} (${v.brand.vehicleType})` : null;
    case 'trim':
      return v.trim?.name ?? null;
    case 'type':
    case 'fuel':
    case 'gearbox':
    case 'color':
      return v[field] == null ? null : enumLabel(language, field, v[field]);
    case 'accessories':
    case 'otherInfos':
      return v[field]?.map((a) => a.name).join(', ') || null;
    case 'brandNew':
    case 'active':
      return v[field] == null ? null : t(v[field] ? 'cli.yes' : 'cli.no');
    case 'pictures':
      return v.pictures ? `${v.pictures.length}` : null;
    case 'publication':
      return null; // its own section
    default: {
      const value = v[field];
      return value == null ? null : String(value);
    }
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
    for (const field of FIELDS) {
      if (field === 'publication' || field === 'pictures') continue;
      const problem = problemOf.get(field);
      const text = fieldText(language, field, view) ?? (problem && raw[field] !== undefined ? JSON.stringify(raw[field]) : '—');
      rows.push([t(`cli.field_${field}`), field === 'description' ? text.replace(/\s*\n\s*/g, ' ⏎ ') : text]);
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
