// How long each listing has been in stock, as fixed SQL over `vehicles v`, declared once: the
// inventory's filter and sort (inventory-filters.ts, main/cache/filters.ts), the rows
// (main/cache/rows.ts) and the insights read the same expressions. A listing is in stock since
// the start of the sync that first saw it; a listing already there at the account's first sync
// was in stock before Showroom knew it, so its days are a lower bound, counted from the oldest
// date known for it (that sync's start, or the portal's updatedAt if older). Days are whole UTC
// calendar days, so every listing's count turns over at once and the inventory's snapshot stays
// valid until midnight (STOCK_AGE_NEXT_CHANGE_SQL) instead of going stale every few seconds.

export const DAY_MS = 86_400_000;

/** The cache's clock (main/cache/now.ts), as whole ms. */
const NOW_MS = 'CAST(showroom_now_ms() AS INTEGER)';

/** Later than any day: min() with it keeps the other date. */
const NO_DAY = 1e15;

/** The account's first sync that committed: what it saw was already in stock. */
const FIRST_RUN = "(SELECT min(r.id) FROM sync_runs r WHERE r.outcome = 'ok')";

/** The UTC day run `r` started on (days since the epoch). */
const RUN_DAY = `(SELECT unixepoch(r.started_at) / 86400 FROM sync_runs r WHERE r.id = v.first_seen_run)`;

/** 1 when the listing's days are a lower bound: it was there at the first sync (or no sync is known for it). */
export const STOCK_AT_LEAST_SQL = `(v.first_seen_run IS NULL OR v.first_seen_run <= coalesce(${FIRST_RUN}, v.first_seen_run))`;

/**
 * The UTC day since which the listing is known to be in stock, NULL when no date is known. The
 * first run's id is read outside the run's lookup (inside it, SQLite reads it again for every
 * listing), and a listing costs one lookup: the snapshot reads this for every listing.
 */
const STOCK_SINCE_DAY = `(CASE WHEN v.first_seen_run IS NULL THEN v.updated_ms / ${DAY_MS}
  WHEN ${STOCK_AT_LEAST_SQL} THEN min(${RUN_DAY}, coalesce(v.updated_ms / ${DAY_MS}, ${NO_DAY}))
  ELSE ${RUN_DAY} END)`;

/** Whole days in stock (UTC calendar days), never negative; NULL when no date is known. */
export const STOCK_DAYS_SQL = `max(0, ${NOW_MS} / ${DAY_MS} - ${STOCK_SINCE_DAY})`;

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
