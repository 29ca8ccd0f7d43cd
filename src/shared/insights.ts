// The insights: the stock at a glance, as the account session computes it over the cache
// (main/cache/insights.ts) and the screen and the CLI show it. Every bar carries the inventory
// filters that select exactly its listings, so a click lands on the same count.
import type { InventoryFilters } from './inventory-filters';
import type { AgeBucket } from './stock-age';

/** Why a listing is off the portal, as one value per listing (the first that holds, in this order). */
export const OFF_REASONS = ['on', 'unpublishedHere', 'droppedByPlan', 'inactive', 'offElsewhere', 'unknown'] as const;
export type OffReason = (typeof OFF_REASONS)[number];
/** Why a listing that is off the portal is off: what the list, the detail, the CLI and the export say. */
export type NotOnPortalReason = Exclude<OffReason, 'on'>;

/**
 * 'on': on the portal (an unpublish still pending included); then the cause a sync saw it leave
 * by; then inactive; 'offElsewhere': a sync saw it leave, neither from here nor by the plan (a
 * leaving event whose cause stayed unknown; only a listing off with no cause reads the events);
 * 'unknown': never seen on the portal (already off at the first sync, or added off).
 */
export const OFF_REASON_SQL = `(CASE WHEN v.published = 1 THEN 'on' WHEN v.off_cause = 'unpublished_here' THEN 'unpublishedHere'
  WHEN v.off_cause = 'dropped_by_portal' THEN 'droppedByPlan' WHEN v.active = 0 THEN 'inactive'
  WHEN EXISTS (SELECT 1 FROM publication_events e WHERE e.reference = v.reference AND e.from_published = 1 AND e.to_published = 0) THEN 'offElsewhere'
  ELSE 'unknown' END)`;

/** The portal's readable length for a description: shorter ones count as short in the listing quality. */
export const READABLE_DESCRIPTION_LENGTH = 850;

/** How many brands and models the mix lists. */
export const TOP_MIX = 10;

/** One bar: its count, and the inventory filters that select exactly those listings (null when no filter can). */
export interface InsightBar {
  count: number;
  filters: InventoryFilters | null;
}

export interface AgeBucketInsight {
  bucket: AgeBucket;
  onPortal: InsightBar;
  offPortal: InsightBar;
  /** Of the bucket, listings whose days are a lower bound (there at the first sync). */
  atLeast: number;
}

export interface PriceBand {
  /** Inclusive bounds in reais; max null: open. */
  min: number;
  max: number | null;
  bar: InsightBar;
}

export interface PriceByType {
  /** The portal's vehicle type ('C' car, 'M' motorcycle), null when unknown. */
  type: string | null;
  bands: PriceBand[];
  /** The median price of the type's listings that have one, null when none has. */
  median: number | null;
  priced: number;
}

export interface MixEntry {
  brand: string | null;
  /** A model (the portal gives its id, not its name): the catalogue's name, or else one of its trims, names it. */
  modelId?: number | null;
  /** The catalogue's name of the model, null when the catalogue has not been read for its brand. */
  model?: string | null;
  trim?: string | null;
  share: number;
  bar: InsightBar;
}

/** What a top model is called: the catalogue's name once a sync has read it, else one of its trims (the portal names a model by id). */
export function mixModelName(m: MixEntry): string | null {
  return m.model ?? m.trim ?? null;
}

/**
 * One week of the sync history (weeks start on Monday, UTC): the stock as the week's last sync that
 * committed left it (null when that sync recorded none: syncs by earlier versions), and the listings
 * syncs found added and removed during the week (an account's first sync, which finds every
 * listing, adds none); the listings sold that week (by the day the dealer marked the sale, once a
 * sync found them gone from the portal) and how many days they had been in stock on average.
 */
export interface WeekInsight {
  /** The Monday the week starts on, as YYYY-MM-DD. */
  week: string;
  inStock: number | null;
  onPortal: number | null;
  /** The plan's listing limit as that sync read it. */
  planLimit: number | null;
  /** The average price of the listings that had one. */
  averagePrice: number | null;
  added: number;
  removed: number;
  sold: number;
  /** The average days in stock of the week's sold listings; null when none was sold. */
  daysToSell: number | null;
}

/** How many weeks the insights over time go back (the newest with a sync). */
export const WEEKS_SHOWN = 26;

export interface Insights {
  total: number;
  age: {
    buckets: AgeBucketInsight[];
    /** Listings no date is known for. */
    unknown: number;
    /** Listings over 90 days, and of them off the portal: the chart's summary. */
    over90: number;
    over90Off: number;
  };
  prices: PriceByType[];
  mix: { brands: MixEntry[]; models: MixEntry[] };
  offPortal: { reasons: Array<{ reason: Exclude<OffReason, 'on'>; bar: InsightBar }>; total: number; needsAttention: InsightBar };
  quality: {
    /** The plan's photos per listing, null when no sync has read the plan. */
    planPictures: number | null;
    noPhotos: InsightBar;
    fewerPhotosThanPlan: InsightBar;
    /** Descriptions shorter than READABLE_DESCRIPTION_LENGTH (no filter selects them yet). */
    shortDescription: InsightBar;
    noPrice: InsightBar;
  };
  /** The weeks with a sync that committed, oldest first, at most WEEKS_SHOWN. */
  overTime: WeekInsight[];
}
