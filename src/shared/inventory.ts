// The inventory as the dealer browses it offline: the query the inventory screen and the CLI
// send to the local cache, and the shapes that come back. The cache builds its SQL from this
// (fixed fragments, bound values); nothing here is SQL.
import { z } from 'zod';
import type { Vehicle, VehicleProblem } from './vehicle';

/** Where a listing stands on the portal. 'pending': we asked the portal to unpublish it and no read has confirmed it yet. */
export const PORTAL_STATES = ['on', 'off', 'pending'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

/** Columns the list can be sorted on. */
export const SORT_FIELDS = [
  'title', 'reference', 'updatedAt', 'brand', 'trim', 'modelId', 'type', 'fuel', 'gearbox', 'color',
  'manufacturedYear', 'modelYear', 'value', 'mileage', 'brandNew', 'active', 'portal', 'highlighted',
  'hasProblems', 'pictureCount', 'rejectedPhotoCount', 'plate', 'firstSeen',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

// Bounds keep a hostile or buggy caller from asking for absurd work; the virtual list asks for a screenful at a time.
export const MAX_WINDOW = 500;
const MAX_TEXT = 200;
const MAX_VALUES = 100;

const range = z
  .object({ min: z.number().finite().optional(), max: z.number().finite().optional() })
  .strict();
const values = z.array(z.string().max(200)).max(MAX_VALUES);

export const inventoryFiltersSchema = z
  .object({
    /** One state, or any of several; empty or absent: all. */
    portal: z.union([z.enum(PORTAL_STATES), z.array(z.enum(PORTAL_STATES)).max(PORTAL_STATES.length)]).optional(),
    active: z.boolean().optional(),
    type: values.optional(),
    brand: values.optional(),
    fuel: values.optional(),
    gearbox: values.optional(),
    color: values.optional(),
    /** Model year. */
    year: range.optional(),
    /** Price in reais (`value`). */
    price: range.optional(),
    mileage: range.optional(),
    brandNew: z.boolean().optional(),
    highlighted: z.boolean().optional(),
    hasProblems: z.boolean().optional(),
    hasRejectedPhotos: z.boolean().optional(),
  })
  .strict();

export const inventorySortSchema = z
  .object({ field: z.enum(SORT_FIELDS), dir: z.enum(['asc', 'desc']) })
  .strict();

export const inventoryQuerySchema = z
  .object({
    /** What the dealer typed: words, partial words, a plate with or without its dash, a reference. */
    text: z.string().max(MAX_TEXT).optional(),
    filters: inventoryFiltersSchema.optional(),
    sort: inventorySortSchema.optional(),
    window: z
      .object({ offset: z.number().int().nonnegative(), limit: z.number().int().min(0).max(MAX_WINDOW) })
      .strict()
      .optional(),
  })
  .strict();

export type InventoryFilters = z.infer<typeof inventoryFiltersSchema>;
export type InventorySort = z.infer<typeof inventorySortSchema>;
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;
export type FilterDimension = keyof InventoryFilters;

export const DEFAULT_SORT: InventorySort = { field: 'updatedAt', dir: 'desc' };
export const DEFAULT_WINDOW = { offset: 0, limit: 50 } as const;

/** One line of the inventory list: the compact columns, never the raw JSON. */
export interface VehicleRow {
  reference: string;
  title: string | null;
  brand: string | null;
  trim: string | null;
  modelId: number | null;
  type: string | null;
  fuel: string | null;
  gearbox: string | null;
  color: string | null;
  manufacturedYear: number | null;
  modelYear: number | null;
  value: number | null;
  mileage: number | null;
  brandNew: boolean | null;
  active: boolean | null;
  portal: PortalState;
  highlighted: boolean;
  updatedAt: string | null;
  pictureCount: number;
  rejectedPhotoCount: number;
  hasProblems: boolean;
  problemCount: number;
  url: string | null;
  plate: string | null;
  /** Why the listing is off the portal, when a sync saw it leave (null while on the portal, or when it was never seen on it). */
  notOnPortalReason: NotOnPortalReason | null;
  /** Since when an unpublish we sent waits for the portal (ISO time), or null. */
  unpublishPendingSince: string | null;
  /** The portal's refusal of our last unpublish, shown to the dealer. */
  unpublishError: string | null;
  /** The first picture in display order: its source address and, once registered in the photo cache, its id and status. */
  cover: { source: string; photoId: number | null; status: PhotoStatus | null } | null;
}

export interface VehicleQueryResult {
  total: number;
  rows: VehicleRow[];
}

export interface FacetValue {
  value: string;
  count: number;
}
export interface YesNoCount {
  yes: number;
  no: number;
}
/** Bounds over the listings matched; null when none has the field. */
export interface RangeBounds {
  min: number | null;
  max: number | null;
}

/** Counts per filter value; each dimension is counted with all OTHER filters applied (faceted search). */
export interface FacetCounts {
  portal: Record<PortalState, number>;
  active: YesNoCount;
  type: FacetValue[];
  brand: FacetValue[];
  fuel: FacetValue[];
  gearbox: FacetValue[];
  color: FacetValue[];
  brandNew: YesNoCount;
  highlighted: YesNoCount;
  hasProblems: YesNoCount;
  hasRejectedPhotos: YesNoCount;
  year: RangeBounds;
  price: RangeBounds;
  mileage: RangeBounds;
}

export interface InventorySummary {
  /** Every listing in the cache. The portal buckets (on / not on / pending) do not overlap. */
  total: number;
  onPortal: number;
  notOnPortal: number;
  unpublishPending: number;
  highlighted: number;
  withProblems: number;
  withRejectedPhotos: number;
  /** End of the last sync that committed (ISO time), or null if none yet. */
  lastSyncAt: string | null;
}

export const PHOTO_STATUSES = ['pending', 'cached', 'failed', 'evicted'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const PUBLICATION_CAUSES = ['unpublished_here', 'dropped_by_portal', 'published', 'unknown'] as const;
export type PublicationCause = (typeof PUBLICATION_CAUSES)[number];

export type NotOnPortalReason = Extract<PublicationCause, 'unpublished_here' | 'dropped_by_portal'>;

export interface PublicationEvent {
  at: string;
  from: { published: boolean; highlighted: boolean };
  to: { published: boolean; highlighted: boolean };
  cause: PublicationCause;
  syncRunId: number | null;
}

export interface VehiclePhoto {
  order: number;
  source: string;
  originalUrl: string;
  photoId: number | null;
  status: PhotoStatus | null;
  lastError: string | null;
}

/** Everything the cache knows about one listing. */
export interface VehicleDetail {
  reference: string;
  /** The vehicle JSON exactly as the portal sent it. */
  raw: string;
  vehicle: Vehicle;
  problems: VehicleProblem[];
  row: VehicleRow;
  /** Positions missing from the pictures' order: photos the portal rejected. */
  rejectedPhotoPositions: number[];
  photos: VehiclePhoto[];
  publicationHistory: PublicationEvent[];
  firstSeenRunId: number | null;
  lastSeenRunId: number | null;
}
