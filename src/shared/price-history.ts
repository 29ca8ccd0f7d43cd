// A listing's price history: every price a sync read on the portal (the first time, then each time
// it differed from the last one read) and every price the dealer set here, with when and from where.

import { NOW_DAY_SQL } from './stock-age';

/**
 * Whole days since a sync first read the listing's current price (`price_since_day`, written with
 * the price history), NULL before any did. For listings there before the history was kept, counted
 * from the first sync that recorded it: a lower bound.
 */
export const PRICE_DAYS_SQL = `max(0, ${NOW_DAY_SQL} - v.price_since_day)`;

/** Where a price came from: read on the portal by a sync, or set by the dealer in the app, the command line or a bulk reprice. */
export const PRICE_SOURCES = ['portal', 'app', 'cli', 'bulk'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** Where a price the dealer sets comes from. */
export type PriceOrigin = Exclude<PriceSource, 'portal'>;
export const PRICE_ORIGINS: readonly PriceOrigin[] = ['app', 'cli', 'bulk'];

export interface PriceHistoryEntry {
  /** ISO time: when the sync read it, or when the dealer set it. */
  at: string;
  value: number;
  source: PriceSource;
}

export interface PriceHistoryView {
  reference: string;
  /** Oldest first. */
  entries: PriceHistoryEntry[];
  /** Whole days since a sync first read the price the listing has now; null when none did. */
  daysAtCurrentPrice: number | null;
}
