// The insights over time drawn with visx: one column of the x axis a week, the series as lines (a
// dot on each week that has a figure, so one week alone still shows) or as columns side by side.
// A week without a figure (a sync before the stock was recorded) leaves a gap, never a zero.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { axisStyle } from './axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useFormat } from '../../hooks/useFormat';
import type { LegendEntry } from './ChartCard';

export interface TimeSeries extends LegendEntry {
  values: Array<number | null>;
}

const WIDTH = 500;
const HEIGHT = 190;
const MARGIN = { top: 8, right: 12, bottom: 26 };
/** The value axis's column: about 7 units a character of its widest label. */
const axisWidth = (labels: string[]) => 12 + 7 * Math.max(1, ...labels.map((l) => l.length));
/** At most this many week labels under the axis. */
const WEEK_LABELS = 6;

interface Props {
  /** Each week's Monday, YYYY-MM-DD. */
  weeks: string[];
  series: TimeSeries[];
  kind: 'lines' | 'columns';
  formatValue: (v: number) => string;
  /** Counts: whole numbers only on the value axis. */
  integers?: boolean;
  labelledBy: string;
}

/** A week's Monday as a date in the dealer's locale (noon UTC: the same calendar day in every time zone of the Americas and Europe). */
export const weekDate = (week: string): string => `${week}T12:00:00.000Z`;

export function TimeChart({ weeks, series, kind, formatValue, integers = false, labelledBy }: Props) {
  const f = useFormat();
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const ticks = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true })
    .ticks(4)
    .filter((v) => !integers || Number.isInteger(v));
  const left = axisWidth(ticks.map(formatValue));
  const innerWidth = WIDTH - left - MARGIN.right;
  const x = scaleBand<string>({ domain: weeks, range: [0, innerWidth], padding: kind === 'columns' ? 0.25 : 0 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 });
  const center = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;
  const every = Math.max(1, Math.ceil(weeks.length / WEEK_LABELS));
  return (
    <svg className="insights__chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={labelledBy} data-drawn={kind}>
      <Group left={left} top={MARGIN.top}>
        {series.map((s) =>
          kind === 'lines' ? (
            <g key={s.key}>
              <LinePath<number | null>
                data={s.values}
                x={(_, i) => center(weeks[i] ?? '')}
                y={(v) => y(v ?? 0)}
                defined={(v) => v !== null}
                className={`insights__line insights__tone-${s.tone.replace('line-', '')}`}
              />
              {s.values.map((v, i) =>
                v === null ? null : (
                  <circle
                    key={weeks[i]}
                    cx={center(weeks[i] ?? '')}
                    cy={y(v)}
                    r={3}
                    className={`insights__bar insights__tone-${s.tone.replace('line-', '')}`}
                  />
                ),
              )}
            </g>
          ) : (
            <g key={s.key}>
              {s.values.map((v, i) => {
                const week = weeks[i] ?? '';
                const top = y(v ?? 0);
                return (
                  <Bar
                    key={week}
                    x={(x(week) ?? 0) + (inner(s.key) ?? 0)}
                    y={top}
                    width={inner.bandwidth()}
                    height={innerHeight - top}
                    className={`insights__bar insights__tone-${s.tone}`}
                  />
                );
              })}
            </g>
          ),
        )}
        <AxisLeft scale={y} tickValues={ticks} tickFormat={(v) => formatValue(Number(v))} {...axisStyle('end', -2)} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={weeks.filter((_, i) => i % every === 0)}
          tickFormat={(w) => f.listDate(weekDate(w))}
          {...axisStyle('middle')}
        />
      </Group>
    </svg>
  );
}
