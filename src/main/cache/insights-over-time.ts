// The insights over time (shared/insights.ts, WeekInsight): the sync history by week, as SQL over
// sync_runs. A run's counts say what it added and removed and, from this version on, the stock as it
// left it (runs.ts, recordStock), of which each week shows its last run's; and the listings sold
// (departed-store.ts) by the week of their sale.
import { WEEKS_SHOWN, type WeekInsight } from '../../shared/insights';
import type { Db } from './db';

/** The Monday (UTC) of the week a run started in: the next Sunday, or the day itself, less six days. */
const WEEK_SQL = "date(r.started_at, 'weekday 0', '-6 days')";

const SALE_WEEK_SQL = "date(d.sold_at, 'weekday 0', '-6 days')";

const WEEKS_SQL = `
  WITH ok AS (
    SELECT r.id, ${WEEK_SQL} AS week, json_extract(r.counts, '$.stock.inStock') AS in_stock, json_extract(r.counts, '$.stock.onPortal') AS on_portal,
      json_extract(r.counts, '$.stock.priced') AS priced, json_extract(r.counts, '$.stock.priceSum') AS price_sum, json_extract(r.counts, '$.stock.planLimit') AS plan_limit,
      CASE WHEN json_extract(r.counts, '$.firstSync') = 1 THEN 0 ELSE coalesce(json_extract(r.counts, '$.added'), 0) END AS added,
      -- Every listing that left the stock: a run counts those whose sale it confirmed apart, as sold.
      coalesce(json_extract(r.counts, '$.removed'), 0) + coalesce(json_extract(r.counts, '$.sold'), 0) AS removed
    FROM sync_runs r WHERE r.outcome = 'ok'
  ),
  weeks AS (
    SELECT week, sum(added) AS added, sum(removed) AS removed, max(CASE WHEN in_stock IS NOT NULL THEN id END) AS last_id
    FROM ok GROUP BY week ORDER BY week DESC LIMIT ?
  ),
  -- Listings sold (local.departed_listings), by the week the dealer marked the sale.
  sales AS (
    SELECT ${SALE_WEEK_SQL} AS week, count(*) AS sold,
      avg(CASE WHEN d.stock_since_day IS NOT NULL THEN max(0, unixepoch(d.sold_at) / 86400 - d.stock_since_day) END) AS days_to_sell
    FROM local.departed_listings d WHERE d.left_as = 'sold' AND d.sold_at IS NOT NULL GROUP BY 1
  )
  SELECT w.week, w.added, w.removed, l.in_stock, l.on_portal, l.plan_limit, l.price_sum / nullif(l.priced, 0) AS average_price,
    coalesce(s.sold, 0) AS sold, s.days_to_sell
  FROM weeks w LEFT JOIN ok l ON l.id = w.last_id LEFT JOIN sales s ON s.week = w.week
  ORDER BY w.week`;

interface WeekRow {
  week: string;
  added: number;
  removed: number;
  in_stock: number | null;
  on_portal: number | null;
  plan_limit: number | null;
  average_price: number | null;
  sold: number;
  days_to_sell: number | null;
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
        sold: r.sold,
        daysToSell: r.days_to_sell === null ? null : Math.round(r.days_to_sell),
      }));
    },
  };
}
