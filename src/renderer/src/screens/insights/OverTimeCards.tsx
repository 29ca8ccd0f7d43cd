// The insights over time, from the sync history (the session's weeks, shared/insights.ts): the stock
// and what is on the portal against the plan's limit, the average price, and the listings added and
// removed per week, the listings sold per week and their days to sell; each a summary, a chart and
// its table.
import { useTranslation } from 'react-i18next';
import type { WeekInsight } from '../../../../shared/insights';
import { useFormat } from '../../hooks/useFormat';
import { CardFrame } from './ChartCard';
import { TimeChart, weekDate, type TimeSeries } from './TimeChart';

export function OverTimeCards({ weeks }: { weeks: WeekInsight[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (weeks.length === 0) return <p className="muted">{t('codes.insights.overTimeEmpty')}</p>;
  const labels = weeks.map((w) => w.week);
  const recorded = weeks.filter((w) => w.inStock !== null);
  const last = recorded[recorded.length - 1];
  const count = (v: number | null) => (v === null ? '—' : f.number(v));
  const unrecorded = recorded.length < weeks.length ? t('codes.insights.overTimeUnrecorded') : undefined;
  const stock: TimeSeries[] = [
    { key: 'inStock', name: t('codes.insights.inStock'), tone: 'a', values: weeks.map((w) => w.inStock) },
    { key: 'onPortal', name: t('codes.insights.onPortal'), tone: 'b', values: weeks.map((w) => w.onPortal) },
    { key: 'planLimit', name: t('codes.insights.planLimit'), tone: 'line-c', values: weeks.map((w) => w.planLimit) },
  ];
  const price: TimeSeries[] = [{ key: 'price', name: t('codes.insights.averagePrice'), tone: 'a', values: weeks.map((w) => w.averagePrice) }];
  const flow: TimeSeries[] = [
    { key: 'added', name: t('codes.insights.added'), tone: 'a', values: weeks.map((w) => w.added) },
    { key: 'removed', name: t('codes.insights.removed'), tone: 'b', values: weeks.map((w) => w.removed) },
  ];
  const sales: TimeSeries[] = [{ key: 'sold', name: t('codes.insights.sold'), tone: 'a', values: weeks.map((w) => w.sold) }];
  const daysToSell: TimeSeries[] = [{ key: 'daysToSell', name: t('codes.insights.daysToSell'), tone: 'a', values: weeks.map((w) => w.daysToSell) }];
  const sold = weeks.reduce((n, w) => n + w.sold, 0);
  // The average over every sale shown, each week's average weighed by its sales.
  const soldDays = weeks.reduce((n, w) => n + (w.daysToSell ?? 0) * w.sold, 0);
  const lastSale = [...weeks].reverse().find((w) => w.daysToSell !== null);
  const table = (series: TimeSeries[], format: (v: number | null) => string) => (
    <table className="insights__table">
      <thead>
        <tr>
          <th scope="col">{t('codes.insights.week')}</th>
          {series.map((s) => (
            <th scope="col" key={s.key} className="num">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((w, i) => (
          <tr key={w.week}>
            <th scope="row">{f.listDate(weekDate(w.week))}</th>
            {series.map((s) => (
              <td key={s.key} className="num">
                {format(s.values[i] ?? null)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const money = (v: number | null) => (v === null ? '—' : f.moneyWhole(v));
  const lastWeek = last === undefined ? '—' : f.listDate(weekDate(last.week));
  return (
    <>
      <CardFrame
        id="stock-over-time"
        title={t('codes.insights.stockOverTime')}
        summary={
          last === undefined
            ? t('codes.insights.overTimeEmpty')
            : t('codes.insights.stockOverTimeSummary', {
                week: lastWeek,
                inStock: count(last.inStock),
                onPortal: count(last.onPortal),
                limit: count(last.planLimit),
              })
        }
        note={unrecorded}
        legend={stock}
        chart={(labelledBy) => <TimeChart weeks={labels} series={stock} kind="lines" formatValue={f.number} integers labelledBy={labelledBy} />}
        table={table(stock, count)}
      />
      <CardFrame
        id="price-over-time"
        title={t('codes.insights.priceOverTime')}
        summary={
          last === undefined ? t('codes.insights.overTimeEmpty') : t('codes.insights.priceOverTimeSummary', { week: lastWeek, price: money(last.averagePrice) })
        }
        note={unrecorded}
        legend={price}
        chart={(labelledBy) => <TimeChart weeks={labels} series={price} kind="lines" formatValue={(v) => f.moneyWhole(v)} labelledBy={labelledBy} />}
        table={table(price, money)}
      />
      <CardFrame
        id="flow-over-time"
        title={t('codes.insights.flowOverTime')}
        summary={t('codes.insights.flowOverTimeSummary', {
          weeks: f.number(weeks.length),
          added: f.number(weeks.reduce((n, w) => n + w.added, 0)),
          removed: f.number(weeks.reduce((n, w) => n + w.removed, 0)),
        })}
        legend={flow}
        chart={(labelledBy) => <TimeChart weeks={labels} series={flow} kind="columns" formatValue={f.number} integers labelledBy={labelledBy} />}
        table={table(flow, count)}
      />
      <CardFrame
        id="sales-over-time"
        title={t('codes.insights.salesOverTime')}
        summary={
          sold === 0
            ? t('codes.insights.salesOverTimeNone')
            : t('codes.insights.salesOverTimeSummary', { count: sold, weeks: f.number(weeks.length), days: f.number(Math.round(soldDays / sold)) })
        }
        legend={sales}
        chart={(labelledBy) => <TimeChart weeks={labels} series={sales} kind="columns" formatValue={f.number} integers labelledBy={labelledBy} />}
        table={table(sales, count)}
      />
      <CardFrame
        id="days-to-sell"
        title={t('codes.insights.daysToSellOverTime')}
        summary={
          lastSale?.daysToSell == null
            ? t('codes.insights.salesOverTimeNone')
            : t('codes.insights.daysToSellSummary', { week: f.listDate(weekDate(lastSale.week)), days: f.number(lastSale.daysToSell) })
        }
        legend={daysToSell}
        chart={(labelledBy) => <TimeChart weeks={labels} series={daysToSell} kind="lines" formatValue={f.number} integers labelledBy={labelledBy} />}
        table={table(daysToSell, count)}
      />
    </>
  );
}
