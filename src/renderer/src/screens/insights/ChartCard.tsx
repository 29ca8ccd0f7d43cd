// A card of the Insights screen: a question's title, its one-sentence answer, and its chart or, behind
// a toggle, the same figures as a table (a screen reader and a keyboard get the same answers).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { BarChart, type ChartRow, type Tone } from './BarChart';

export interface LegendEntry {
  key: string;
  name: string;
  tone: Tone | 'c' | 'line-c';
}

interface FrameProps {
  id: string;
  title: string;
  summary: string;
  note?: string | undefined;
  /** Shown above the chart when it has more than one series. */
  legend: LegendEntry[];
  chart: (labelledBy: string) => ReactNode;
  table: ReactNode;
}

/** The frame every card shares: title, summary, the table toggle, legend, chart or table, note. */
export function CardFrame({ id, title, summary, note, legend, chart, table }: FrameProps) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const titleId = `insights-${id}`;
  return (
    <section className="card insights__card" aria-labelledby={titleId} data-chart={id}>
      <header className="insights__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--small" aria-pressed={asTable} onClick={() => setAsTable(!asTable)} data-testid={`insights-table-${id}`}>
          {t('insights.showTable')}
        </button>
      </header>
      <p className="insights__summary">{summary}</p>
      {legend.length > 1 && !asTable && (
        <ul className="insights__legend" aria-hidden="true">
          {legend.map((n) => (
            <li key={n.key}>
              <span className={`insights__swatch insights__tone-${n.tone}`} />
              {n.name}
            </li>
          ))}
        </ul>
      )}
      {asTable ? table : chart(titleId)}
      {note !== undefined && <p className="muted insights__note">{note}</p>}
    </section>
  );
}

interface CardProps {
  id: string;
  title: string;
  summary: string;
  rowHeader: string;
  rows: ChartRow[];
  note?: string | undefined;
}

/** A question answered by bars. */
export function ChartCard({ id, title, summary, rowHeader, rows, note }: CardProps) {
  const legend = rows[0]?.segments.map((s) => ({ key: s.key, name: s.name, tone: s.tone })) ?? [];
  return (
    <CardFrame
      id={id}
      title={title}
      summary={summary}
      note={note}
      legend={legend}
      chart={(labelledBy) => <BarChart rows={rows} labelledBy={labelledBy} />}
      table={<InsightsTable rowHeader={rowHeader} rows={rows} />}
    />
  );
}

function InsightsTable({ rowHeader, rows }: { rowHeader: string; rows: ChartRow[] }) {
  const f = useFormat();
  const names = rows[0]?.segments.map((s) => s.name) ?? [];
  return (
    <table className="insights__table">
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {names.map((n) => (
            <th scope="col" key={n} className="num">
              {n}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r): ReactNode => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            {r.segments.map((s) => (
              <td key={s.key} className="num">
                {f.number(s.bar.count)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
