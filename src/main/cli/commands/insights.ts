// insights: the stock at a glance as tables (the figures the app's Insights screen draws), in the
// dealer's language and locale; --json gives the session's figures as they are. Reads only local data.
import { enumLabel } from '../../../shared/i18n/enums';
import { makeFormatters } from '../../../shared/i18n/format';
import { textsIn, type MessageCode } from '../../../shared/i18n/messages';
import { mixModelName, READABLE_DESCRIPTION_LENGTH, type Insights, type OffReason, type PriceBand } from '../../../shared/insights';
import type { UiLanguage } from '../../../shared/views';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { table } from '../io';

export const insights: Command = {
  name: 'insights',
  summary: 'cliHelp.insightsSummary',
  usage: 'insights [--json]',
  help: [{ code: 'cliHelp.insightsHelp' }],
  async run(ctx, { values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const figures = await session.insights();
    if (ctx.json) {
      ctx.out.json(figures);
      return EXIT.ok;
    }
    for (const line of insightsLines(await ctx.language(), figures)) ctx.out.line(line);
    return EXIT.ok;
  },
};

/** Every figure as text: a heading, a one-sentence summary and a table per question. */
export function insightsLines(language: UiLanguage, i: Insights): string[] {
  const t = textsIn(language);
  const n = new Intl.NumberFormat(language);
  const money = { format: makeFormatters(language).moneyWhole };
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const right = (...columns: number[]) => new Set(columns);
  const section = (title: string, summary: string, rows: string[]) => ['', title, summary, ...rows];
  const band = (b: PriceBand) => (b.max === null ? `≥ ${money.format(b.min)}` : `${money.format(b.min)} – ${money.format(Math.floor(b.max))}`);
  const typeName = (type: string | null) => (type === null ? t('insights.typeUnknown') : enumLabel(language, 'type', type));
  const topBrand = i.mix.brands[0];
  const week = (w: string) => makeFormatters(language, 'UTC').listDate(`${w}T00:00:00Z`);
  const count = (v: number | null) => (v === null ? null : n.format(v));
  return [
    t('insights.total', { count: n.format(i.total) }),
    ...section(t('insights.age'), t('insights.ageSummary', { count: n.format(i.age.over90), off: n.format(i.age.over90Off) }), [
      ...table(
        [t('insights.days'), t('insights.onPortal'), t('insights.offPortal'), t('insights.atLeast')],
        i.age.buckets.map((b) => [t(`insights.bucket${b.bucket}`), n.format(b.onPortal.count), n.format(b.offPortal.count), n.format(b.atLeast)]),
        right(1, 2, 3),
      ),
      ...(i.age.unknown > 0 ? [t('insights.ageUnknown', { count: n.format(i.age.unknown) })] : []),
      t('insights.atLeastNote'),
    ]),
    ...i.prices.flatMap((p) =>
      section(
        `${t('insights.prices')} — ${typeName(p.type)}`,
        t('insights.pricesSummary', { type: typeName(p.type), median: p.median === null ? '—' : money.format(p.median), count: n.format(p.priced) }),
        table(
          [t('insights.band'), t('insights.listings')],
          p.bands.map((b) => [band(b), n.format(b.bar.count)]),
          right(1),
        ),
      ),
    ),
    ...section(
      t('insights.brands'),
      topBrand === undefined ? '' : t('insights.mixSummary', { brand: topBrand.brand ?? '—', share: percent.format(topBrand.share) }),
      table(
        [t('insights.brand'), t('insights.listings'), t('insights.share')],
        i.mix.brands.map((b) => [b.brand, n.format(b.bar.count), percent.format(b.share)]),
        right(1, 2),
      ),
    ),
    ...section(
      t('insights.models'),
      '',
      table(
        [t('insights.brand'), t('insights.model'), t('insights.listings'), t('insights.share')],
        i.mix.models.map((m) => [m.brand, mixModelName(m), n.format(m.bar.count), percent.format(m.share)]),
        right(2, 3),
      ),
    ),
    ...section(
      t('insights.offPortalTitle'),
      t('insights.offSummary', { count: n.format(i.offPortal.total), attention: n.format(i.offPortal.needsAttention.count) }),
      table(
        [t('insights.reason'), t('insights.listings')],
        [
          ...i.offPortal.reasons.map((r) => [t(OFF_REASON_CODES[r.reason]), n.format(r.bar.count)]),
          [t('insights.needsAttention'), n.format(i.offPortal.needsAttention.count)],
        ],
        right(1),
      ),
    ),
    ...section(
      t('insights.quality'),
      t('insights.qualitySummary', {
        noPhotos: n.format(i.quality.noPhotos.count),
        noPrice: n.format(i.quality.noPrice.count),
        short: n.format(i.quality.shortDescription.count),
        length: n.format(READABLE_DESCRIPTION_LENGTH),
      }),
      table(
        [t('insights.check'), t('insights.listings')],
        [
          [t('insights.noPhotos'), n.format(i.quality.noPhotos.count)],
          [
            i.quality.planPictures === null ? t('insights.planUnknown') : t('insights.fewerPhotos', { plan: n.format(i.quality.planPictures) }),
            i.quality.planPictures === null ? null : n.format(i.quality.fewerPhotosThanPlan.count),
          ],
          [t('insights.shortDescription', { length: n.format(READABLE_DESCRIPTION_LENGTH) }), n.format(i.quality.shortDescription.count)],
          [t('insights.noPrice'), n.format(i.quality.noPrice.count)],
        ],
        right(1),
      ),
    ),
    ...section(
      t('insights.overTime'),
      i.overTime.length === 0 ? t('insights.overTimeEmpty') : '',
      table(
        [
          t('insights.week'),
          t('insights.inStock'),
          t('insights.onPortal'),
          t('insights.planLimit'),
          t('insights.averagePrice'),
          t('insights.added'),
          t('insights.removed'),
          t('insights.sold'),
          t('insights.daysToSell'),
        ],
        i.overTime.map((w) => [
          week(w.week),
          count(w.inStock),
          count(w.onPortal),
          count(w.planLimit),
          w.averagePrice === null ? null : money.format(w.averagePrice),
          n.format(w.added),
          n.format(w.removed),
          n.format(w.sold),
          count(w.daysToSell),
        ]),
        right(1, 2, 3, 4, 5, 6, 7, 8),
      ),
    ),
  ].filter((line, k, all) => line !== '' || all[k - 1] !== '');
}

const OFF_REASON_CODES = {
  unpublishedHere: 'insights.offUnpublishedHere',
  droppedByPlan: 'insights.offDroppedByPlan',
  inactive: 'insights.offInactive',
  offElsewhere: 'insights.offElsewhere',
  unknown: 'insights.offUnknown',
} as const satisfies Record<Exclude<OffReason, 'on'>, MessageCode>;
