// How long each listing has been in stock, as fixed SQL over `vehicles v`, declared once: the
// inventory's filter and sort (inventory-filters.ts, main/cache/filters.ts), the rows
// (main/cache/rows.ts) and the insights read the same expressions. A listing is in stock since
// the start of the sync that first saw it; a listing already there at the account's first sync
// was in stock before Showroom knew it, so its days are a lower bound, counted from the oldest
// date known for it (that sync's start, or the portal's updatedAt if older). The store works the
// day out once, as it writes the listing (stockStart, main/cache/vehicles.ts), into
// `stock_since_day` and `stock_at_least`. Days are whole UTC calendar days, so every listing's
// count turns over at once and the inventory's snapshot stays valid until midnight
// (STOCK_AGE_NEXT_CHANGE_SQL) instead of going stale every few seconds.

export const DAY_MS = 86_400_000;

/** The cache's clock (main/cache/now.ts), as whole ms: a subquery, which SQLite reads once a statement, not once a row. */
const NOW_MS = '(SELECT CAST(showroom_now_ms() AS INTEGER))';

/** 1 when the listing's days are a lower bound: it was there at the first sync (or no sync is known for it). */
export const STOCK_AT_LEAST_SQL = 'v.stock_at_least';

/** Today, as the UTC day (days since the epoch). */
export const NOW_DAY_SQL = `(${NOW_MS} / ${DAY_MS})`;

/** Whole days in stock (UTC calendar days), never negative; NULL when no date is known. */
export const STOCK_DAYS_SQL = `max(0, ${NOW_DAY_SQL} - v.stock_since_day)`;

/** The UTC day (days since the epoch) of a time in ms. */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * The day a listing is in stock since and whether it is a lower bound, as the store writes them:
 * `run`, the sync that first saw it (its start day, and whether it is the account's first sync),
 * null when none did; `updatedMs`, the portal's updatedAt.
 */
export function stockStart(run: { day: number; first: boolean } | null, updatedMs: number | null): { sinceDay: number | null; atLeast: boolean } {
  const updatedDay = updatedMs === null ? null : utcDay(updatedMs);
  if (run === null) return { sinceDay: updatedDay, atLeast: true };
  if (!run.first) return { sinceDay: run.day, atLeast: false };
  return { sinceDay: updatedDay === null ? run.day : Math.min(run.day, updatedDay), atLeast: true };
}

/** When every listing's days next turn over (the next UTC midnight), in ms. */
export const STOCK_AGE_NEXT_CHANGE_SQL = `SELECT (${NOW_MS} / ${DAY_MS} + 1) * ${DAY_MS}`;

/** The age buckets of the insights, in days (inclusive bounds; the last is open). */
export const AGE_BUCKETS = [
  { key: '0-15', min: 0, max: 15 },
  { key: '16-30', min: 16, max: 30 },
  { key: '31-60', min: 31, max: 60 },
  { key: '61-90', min: 61, max: 90 },
  { key: '90+', min: 91, max: undefined },
] as const satisfies readonly { key: string; min: number; max: number | undefined }[];
export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

/** The presets of the inventory's age filter: at least this many days. */
export const AGE_PRESETS = [30, 60, 90] as const;
