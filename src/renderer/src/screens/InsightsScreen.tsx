// Insights: the stock at a glance, one card per question, each with a one-sentence summary, its
// bars, and the same figures as a table behind a toggle (a screen reader and a keyboard get the same
// answers). The bars are drawn with visx (insights/BarChart.tsx); every bar with filters is a control that opens the inventory showing exactly its
// listings. The figures are computed in the account session (inventory.insights), never here.
import { useTranslation } from 'react-i18next';
import { mixModelName, READABLE_DESCRIPTION_LENGTH, type InsightBar, type Insights, type MixEntry } from '../../../shared/insights';
import { ErrorBox } from '../components/ErrorBox';
import { useFormat } from '../hooks/useFormat';
import { useChannel } from '../query/useChannel';
import type { ChartRow } from './insights/BarChart';
import { ChartCard } from './insights/ChartCard';
import { OverTimeCards } from './insights/OverTimeCards';

export function InsightsScreen() {
  const { t } = useTranslation();
  const { data, error, refetch } = useChannel('inventory.insights', {});
  const f = useFormat();
  return (
    <section className="page insights" aria-labelledby="insights-title" data-testid="insights">
      <header className="page__header">
        <h1 id="insights-title">{t('codes.insights.title')}</h1>
      </header>
      {error !== null && <ErrorBox error={error} onRetry={() => void refetch()} />}
      {data !== undefined && (
        <>
          <p className="muted">{t('codes.insights.total', { count: f.number(data.total) })}</p>
          <div className="insights__grid">
            <AgeCard data={data} />
            <PriceCards data={data} />
            <MixCard data={data} />
            <ModelCard data={data} />
            <OffPortalCard data={data} />
            <QualityCard data={data} />
          </div>
          <h2 className="insights__section">{t('codes.insights.overTime')}</h2>
          <div className="insights__grid">
            <OverTimeCards weeks={data.overTime} />
          </div>
        </>
      )}
    </section>
  );
}

function AgeCard({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows: ChartRow[] = data.age.buckets.map((b) => ({
    label: t(`codes.insights.bucket${b.bucket}`),
    segments: [
      { key: 'on', name: t('codes.insights.onPortal'), bar: b.onPortal, tone: 'a' },
      { key: 'off', name: t('codes.insights.offPortal'), bar: b.offPortal, tone: 'b' },
    ],
  }));
  return (
    <ChartCard
      id="age"
      title={t('codes.insights.age')}
      summary={t('codes.insights.ageSummary', { count: f.number(data.age.over90), off: f.number(data.age.over90Off) })}
      rowHeader={t('codes.insights.days')}
      rows={rows}
      note={t('codes.insights.atLeastNote')}
    />
  );
}

function PriceCards({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <>
      {data.prices.map((p) => {
        const type = p.type === null ? t('codes.insights.typeUnknown') : f.enumValue('type', p.type);
        const rows: ChartRow[] = p.bands.map((b) => ({
          label: b.max === null ? `≥ ${f.moneyWhole(b.min)}` : `${f.moneyWhole(b.min)} – ${f.moneyWhole(Math.floor(b.max))}`,
          segments: [{ key: 'n', name: t('codes.insights.listings'), bar: b.bar, tone: 'a' }],
        }));
        return (
          <ChartCard
            key={p.type ?? ''}
            id={`prices-${p.type ?? 'none'}`}
            title={`${t('codes.insights.prices')} — ${type}`}
            summary={t('codes.insights.pricesSummary', { type, median: f.moneyWhole(p.median), count: f.number(p.priced) })}
            rowHeader={t('codes.insights.band')}
            rows={rows}
          />
        );
      })}
    </>
  );
}

function MixCard({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const top = data.mix.brands[0];
  const rows: ChartRow[] = data.mix.brands.map((b) => ({
    label: `${b.brand ?? '—'} (${f.percent(b.share)})`,
    segments: [{ key: 'n', name: t('codes.insights.listings'), bar: b.bar, tone: 'a' }],
  }));
  return (
    <ChartCard
      id="brands"
      title={t('codes.insights.brands')}
      summary={top === undefined ? '' : t('codes.insights.mixSummary', { brand: top.brand ?? '—', share: f.percent(top.share) })}
      rowHeader={t('codes.insights.brand')}
      rows={rows}
    />
  );
}

function ModelCard({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = (m: MixEntry) => `${m.brand ?? '—'} ${mixModelName(m) ?? '—'}`;
  const top = data.mix.models[0];
  const rows: ChartRow[] = data.mix.models.map((m) => ({
    label: `${name(m)} (${f.percent(m.share)})`,
    segments: [{ key: 'n', name: t('codes.insights.listings'), bar: m.bar, tone: 'a' }],
  }));
  return (
    <ChartCard
      id="models"
      title={t('codes.insights.models')}
      summary={top === undefined ? '' : t('codes.insights.modelSummary', { model: name(top), share: f.percent(top.share) })}
      rowHeader={t('codes.insights.model')}
      rows={rows}
    />
  );
}

const OFF_REASON_CODES = {
  unpublishedHere: 'codes.insights.offUnpublishedHere',
  droppedByPlan: 'codes.insights.offDroppedByPlan',
  inactive: 'codes.insights.offInactive',
  offElsewhere: 'codes.insights.offElsewhere',
  unknown: 'codes.insights.offUnknown',
} as const;

function OffPortalCard({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows: ChartRow[] = [
    ...data.offPortal.reasons.map((r) => ({
      label: t(OFF_REASON_CODES[r.reason]),
      segments: [{ key: 'n', name: t('codes.insights.listings'), bar: r.bar, tone: 'b' as const }],
    })),
    { label: t('codes.insights.needsAttention'), segments: [{ key: 'n', name: t('codes.insights.listings'), bar: data.offPortal.needsAttention, tone: 'a' }] },
  ];
  return (
    <ChartCard
      id="off"
      title={t('codes.insights.offPortalTitle')}
      summary={t('codes.insights.offSummary', { count: f.number(data.offPortal.total), attention: f.number(data.offPortal.needsAttention.count) })}
      rowHeader={t('codes.insights.reason')}
      rows={rows}
    />
  );
}

function QualityCard({ data }: { data: Insights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = data.quality;
  const length = f.number(READABLE_DESCRIPTION_LENGTH);
  const row = (label: string, bar: InsightBar): ChartRow => ({ label, segments: [{ key: 'n', name: t('codes.insights.listings'), bar, tone: 'a' }] });
  const rows: ChartRow[] = [
    row(t('codes.insights.noPhotos'), q.noPhotos),
    ...(q.planPictures === null ? [] : [row(t('codes.insights.fewerPhotos', { plan: f.number(q.planPictures) }), q.fewerPhotosThanPlan)]),
    row(t('codes.insights.shortDescription', { length }), q.shortDescription),
    row(t('codes.insights.noPrice'), q.noPrice),
  ];
  return (
    <ChartCard
      id="quality"
      title={t('codes.insights.quality')}
      summary={t('codes.insights.qualitySummary', {
        noPhotos: f.number(q.noPhotos.count),
        noPrice: f.number(q.noPrice.count),
        short: f.number(q.shortDescription.count),
        length,
      })}
      rowHeader={t('codes.insights.check')}
      rows={rows}
      note={q.planPictures === null ? t('codes.insights.planUnknown') : undefined}
    />
  );
}
