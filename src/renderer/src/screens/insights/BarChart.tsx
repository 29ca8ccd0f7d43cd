// A chart's bars, drawn with visx (its scales, axes and shapes, imported by name so the bundle keeps
// only these): one row per answer, its segments stacked, the row's total after it and, when a row
// has more than one segment, each segment's value on it when it is wide enough to hold it. A segment with filters is a control (a click,
// Enter or Space) that opens the inventory showing exactly its listings.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { axisStyle } from './axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { InsightBar } from '../../../../shared/insights';
import { useApp } from '../../AppContext';
import { useFormat } from '../../hooks/useFormat';

export type Tone = 'a' | 'b';

/** One bar of a chart: its label, and its segments (a colour each, from the Okabe–Ito palette in styles.css). */
export interface ChartRow {
  label: string;
  segments: Array<{ key: string; name: string; bar: InsightBar; tone: Tone }>;
}

/** The drawing's own units (the SVG scales to the card's width). */
const WIDTH = 500;
const ROW_HEIGHT = 30;
const MARGIN = { top: 4, right: 48, bottom: 26 };
/** The labels' column: about 6.6 units a character at 12 px, between these bounds. */
const LABELS_MIN = 90;
const LABELS_MAX = 250;
/** Narrower than this, a segment's value is not written on it (the row's total, the table and its name still say it). */
const VALUE_MIN_WIDTH = 34;

export function BarChart({ rows, labelledBy }: { rows: ChartRow[]; labelledBy: string }) {
  const f = useFormat();
  const left = Math.min(LABELS_MAX, Math.max(LABELS_MIN, 10 + 6.6 * Math.max(0, ...rows.map((r) => r.label.length))));
  const innerWidth = WIDTH - left - MARGIN.right;
  const innerHeight = rows.length * ROW_HEIGHT;
  const totals = rows.map((r) => r.segments.reduce((n, s) => n + s.bar.count, 0));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...totals)], range: [0, innerWidth], nice: true });
  const y = scaleBand<string>({ domain: rows.map((r) => r.label), range: [0, innerHeight], padding: 0.22 });
  const band = y.bandwidth();
  return (
    <svg
      className="insights__chart"
      viewBox={`0 0 ${WIDTH} ${innerHeight + MARGIN.top + MARGIN.bottom}`}
      role="group"
      aria-labelledby={labelledBy}
      data-drawn="bars"
    >
      <Group left={left} top={MARGIN.top}>
        {rows.map((r, i) => {
          const top = y(r.label) ?? 0;
          let start = 0;
          return (
            <g key={r.label}>
              {r.segments.map((s) => {
                const left = x(start);
                start += s.bar.count;
                return (
                  <Segment key={s.key} label={r.label} segment={s} x={left} y={top} width={x(start) - left} height={band} valueOn={r.segments.length > 1} />
                );
              })}
              <text x={x(totals[i] ?? 0) + 6} y={top + band / 2} dy="0.35em" className="insights__total" aria-hidden="true">
                {f.number(totals[i] ?? 0)}
              </text>
            </g>
          );
        })}
        <AxisLeft scale={y} hideTicks hideAxisLine {...axisStyle('end', -4)} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={x.ticks(4).filter(Number.isInteger)}
          tickFormat={(v) => f.number(Number(v))}
          {...axisStyle('middle')}
        />
      </Group>
    </svg>
  );
}

interface SegmentProps {
  label: string;
  segment: ChartRow['segments'][number];
  x: number;
  y: number;
  width: number;
  height: number;
  /** Write the value on the segment (the row's total says it when the row has one segment). */
  valueOn: boolean;
}

function Segment({ label, segment, x, y, width, height, valueOn }: SegmentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const { navigate } = useApp();
  const { bar, name, tone } = segment;
  const text = f.number(bar.count);
  const described = `${label} — ${name}: ${text}`;
  const shape = (
    <>
      <title>{described}</title>
      <Bar x={x} y={y} width={Math.max(0, width)} height={height} className={`insights__bar insights__tone-${tone}`} />
      {valueOn && width >= VALUE_MIN_WIDTH && (
        <text x={x + 6} y={y + height / 2} dy="0.35em" className={`insights__value insights__tone-${tone}`} aria-hidden="true">
          {text}
        </text>
      )}
    </>
  );
  const filters = bar.filters;
  if (filters === null || bar.count === 0) {
    return (
      <g className="insights__segment" role="img" aria-label={described}>
        {shape}
      </g>
    );
  }
  const open = () => navigate({ screen: 'inventory', filters });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    open();
  };
  return (
    <g
      className="insights__segment insights__segment--open"
      role="button"
      tabIndex={0}
      aria-label={t('insights.openListings', { what: described })}
      data-count={bar.count}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      {shape}
    </g>
  );
}
