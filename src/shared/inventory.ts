// The inventory as the dealer browses it offline: the query the inventory screen and the CLI
// send to the local cache (the same shape across the bridge, the CLI and the cache), and the
// shapes that come back. The filters are declared in inventory-filters.ts.
import { z } from 'zod';
import { inventoryFiltersSchema } from './inventory-filters';
import type { VehicleRow } from './listing-columns';
import type { NotOnPortalReason } from './insights';
import type { Vehicle, VehicleProblem } from './vehicle';

export {
  PORTAL_STATES,
  inventoryFiltersSchema,
  type FacetCounts,
  type FacetValue,
  type FilterDimension,
  type InventoryFilters,
  type NumberRange,
  type PortalState,
  type RangeBounds,
  type YesNoCount,
} from './inventory-filters';

/** Columns the list can be sorted on. */
export const SORT_FIELDS = [
  'title',
  'reference',
  'updatedAt',
  'brand',
  'trim',
  'modelId',
  'type',
  'fuel',
  'gearbox',
  'color',
  'manufacturedYear',
  'modelYear',
  'value',
  'mileage',
  'brandNew',
  'active',
  'portal',
  'highlighted',
  'hasProblems',
  'pictureCount',
  'rejectedPhotoCount',
  'plate',
  'firstSeen',
  'daysInStock',
  'daysAtPrice',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

// Bounds keep a hostile or buggy caller from asking for absurd work; the virtual list asks for a screenful at a time.
export const MAX_WINDOW = 500;
const MAX_TEXT = 200;

export const inventorySortSchema = z.object({ field: z.enum(SORT_FIELDS), dir: z.enum(['asc', 'desc']) }).strict();
export type InventorySort = z.infer<typeof inventorySortSchema>;

export const DEFAULT_SORT: InventorySort = { field: 'updatedAt', dir: 'desc' };
export const DEFAULT_WINDOW = { offset: 0, limit: 50 } as const;

export const inventoryQuerySchema = z
  .object({
    /** What the dealer typed: words, partial words, a plate with or without its dash, a reference. */
    text: z.string().max(MAX_TEXT).default(''),
    filters: inventoryFiltersSchema.default({}),
    sort: inventorySortSchema.default(DEFAULT_SORT),
    /** Absent: the first DEFAULT_WINDOW rows (the bridge always gives one). */
    window: z
      .object({ offset: z.number().int().nonnegative(), limit: z.number().int().min(0).max(MAX_WINDOW) })
      .strict()
      .optional(),
  })
  .strict();

/** A query as asked (every part optional); `ParsedInventoryQuery`, as validated with the defaults filled in. */
export type InventoryQuery = z.input<typeof inventoryQuerySchema>;
export type ParsedInventoryQuery = z.output<typeof inventoryQuerySchema>;

/** What the facets depend on: the text and the filters (not the sort nor the window). */
export const inventoryFacetsQuerySchema = inventoryQuerySchema.pick({ text: true, filters: true });

/** One line of the inventory list: its columns are declared in listing-columns.ts. */
export type { CoverPhoto, VehicleRow } from './listing-columns';

export interface VehicleQueryResult {
  total: number;
  rows: VehicleRow[];
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
  /** Listings with at least one reason to need the dealer (shared/attention.ts). */
  needsAttention: number;
  /** End of the last sync that committed (ISO time), or null if none yet. */
  lastSyncAt: string | null;
}

export const PHOTO_STATUSES = ['pending', 'cached', 'failed', 'evicted'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const PUBLICATION_CAUSES = ['unpublished_here', 'dropped_by_portal', 'published', 'unknown'] as const;
export type PublicationCause = (typeof PUBLICATION_CAUSES)[number];

export type { NotOnPortalReason };

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
