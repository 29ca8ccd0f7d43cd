// A listing's price history in the detail: a small step chart of the prices over time (visx) with a
// one-sentence summary, and the list behind it: when, the price, and where it came from (read on
// the portal by a sync, or set here, from the command line or by a bulk reprice).
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import type { PriceHistoryEntry } from '../../../shared/price-history';
import { useFormat } from '../hooks/useFormat';
import { useNow } from '../hooks/useNow';
import { useChannel } from '../query/useChannel';
import { axisStyle } from '../screens/insights/axis';

const WIDTH = 460;
const HEIGHT = 150;
const MARGIN = { top: 8, right: 14, bottom: 24, left: 86 };

export function PriceHistory({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data } = useChannel('vehicles.priceHistory', { reference });
  const entries = data?.entries ?? [];
  const values = entries.map((e) => e.value);
  const summary =
    entries.length === 0
      ? t('priceHistory.empty')
      : t('priceHistory.summary', {
          count: entries.length,
          min: f.moneyWhole(Math.min(...values)),
          max: f.moneyWhole(Math.max(...values)),
          last: f.moneyWhole(values.at(-1)),
        });
  return (
    <section className="detail-section price-history" aria-labelledby="sec-price-history" data-testid="price-history">
      <h2 id="sec-price-history">{t('priceHistory.title')}</h2>
      <p id="price-history-summary">{summary}</p>
      {data?.daysAtCurrentPrice != null && <p className="muted small">{t('priceHistory.daysAtPrice', { count: data.daysAtCurrentPrice })}</p>}
      {entries.length > 0 && <PriceChart entries={entries} label={t('priceHistory.chartLabel', { summary })} />}
      {entries.length > 0 && (
        <div className="table-wrap">
          <table className="table price-history__list">
            <thead>
              <tr>
                <th scope="col">{t('priceHistory.columns.at')}</th>
                <th scope="col" className="num">
                  {t('priceHistory.columns.price')}
                </th>
                <th scope="col">{t('priceHistory.columns.source')}</th>
              </tr>
            </thead>
            <tbody>
              {[...entries].reverse().map((e, i) => (
                <tr key={`${e.at}-${e.source}-${i}`} data-source={e.source}>
                  <td>{f.dateTime(e.at)}</td>
                  <td className="num">{f.money(e.value)}</td>
                  <td>{t(`priceHistory.source.${e.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The prices as steps over time, one line for the portal's and dots for each price set here; a single price is one dot. */
function PriceChart({ entries, label }: { entries: PriceHistoryEntry[]; label: string }) {
  const f = useFormat();
  const now = useNow(60_000);
  const times = entries.map((e) => Date.parse(e.at));
  const values = entries.map((e) => e.value);
  const first = Math.min(...times);
  // The last price holds until now; a day at least, so one price (or one day's) still has width.
  const last = Math.max(first + 86_400_000, now, ...times);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleTime<number>({ domain: [new Date(first), new Date(last)], range: [0, innerWidth] });
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max(1, (high - low) * 0.1, high * 0.02);
  const y = scaleLinear<number>({ domain: [Math.max(0, low - pad), high + pad], range: [innerHeight, 0], nice: true });
  // Steps: each price the portal showed holds until the next one (drawn as a corner, not a slope).
  const portal = entries.filter((e) => e.source === 'portal');
  const steps = portal.flatMap((e, i) => {
    const next = portal[i + 1];
    return [
      { t: Date.parse(e.at), v: e.value },
      { t: next === undefined ? last : Date.parse(next.at), v: e.value },
    ];
  });
  // One label a day at most: ticks closer than a day would repeat the date.
  const dayTicks = x.ticks(4).filter((d, i, all) => i === 0 || f.listDate(d.toISOString()) !== f.listDate(all[i - 1]?.toISOString()));
  return (
    <svg className="price-history__chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} data-points={entries.length}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <LinePath<{ t: number; v: number }> data={steps} x={(p) => x(new Date(p.t))} y={(p) => y(p.v)} className="insights__line insights__tone-a" />
        {entries.map((e, i) => (
          <circle
            key={`${e.at}-${i}`}
            cx={x(new Date(e.at))}
            cy={y(e.value)}
            r={e.source === 'portal' ? 3 : 4.5}
            className={`insights__bar insights__tone-${e.source === 'portal' ? 'a' : 'b'}`}
          />
        ))}
        <AxisLeft scale={y} numTicks={4} tickFormat={(v) => f.moneyWhole(Number(v))} {...axisStyle('end', -2)} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={dayTicks}
          tickFormat={(d) => f.listDate(new Date(Number(d)).toISOString())}
          {...axisStyle('middle')}
        />
      </Group>
    </svg>
  );
}
