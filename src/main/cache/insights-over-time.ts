// The insights over time (shared/insights.ts, WeekInsight): the sync history by week, as SQL over
// sync_runs. A run's counts say what it added and removed and, from this version on, the stock as it
// left it (runs.ts, recordStock), of which each week shows its last run's.
import { WEEKS_SHOWN, type WeekInsight } from '../../shared/insights';
import type { Db } from './db';

/** The Monday (UTC) of the week a run started in: the next Sunday, or the day itself, less six days. */
const WEEK_SQL = "date(r.started_at, 'weekday 0', '-6 days')";

const WEEKS_SQL = `
  WITH ok AS (
    SELECT r.id, ${WEEK_SQL} AS week, json_extract(r.counts, '$.stock.inStock') AS in_stock, json_extract(r.counts, '$.stock.onPortal') AS on_portal,
      json_extract(r.counts, '$.stock.priced') AS priced, json_extract(r.counts, '$.stock.priceSum') AS price_sum, json_extract(r.counts, '$.stock.planLimit') AS plan_limit,
      CASE WHEN json_extract(r.counts, '$.firstSync') = 1 THEN 0 ELSE coalesce(json_extract(r.counts, '$.added'), 0) END AS added,
      coalesce(json_extract(r.counts, '$.removed'), 0) AS removed
    FROM sync_runs r WHERE r.outcome = 'ok'
  ),
  weeks AS (
    SELECT week, sum(added) AS added, sum(removed) AS removed, max(CASE WHEN in_stock IS NOT NULL THEN id END) AS last_id
    FROM ok GROUP BY week ORDER BY week DESC LIMIT ?
  )
  SELECT w.week, w.added, w.removed, l.in_stock, l.on_portal, l.plan_limit, l.price_sum / nullif(l.priced, 0) AS average_price
  FROM weeks w LEFT JOIN ok l ON l.id = w.last_id
  ORDER BY w.week`;

interface WeekRow {
  week: string;
  added: number;
  removed: number;
  in_stock: number | null;
  on_portal: number | null;
  plan_limit: number | null;
  average_price: number | null;
}

export function createOverTimeQueries(db: Db) {
  const weeks = db.prepare<[number], WeekRow>(WEEKS_SQL);
  return {
    overTime(): WeekInsight[] {
      return weeks.all(WEEKS_SHOWN).map((r) => ({
        week: r.week,
        inStock: r.in_stock,
        onPortal: r.on_portal,
        planLimit: r.plan_limit,
        averagePrice: r.average_price,
        added: r.added,
        removed: r.removed,
      }));
    },
  };
}
