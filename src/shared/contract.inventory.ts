// The inventory list's query as it crosses the bridge: free text, filters, sort and a window.
// Provisional home until src/main/cache publishes src/shared/inventory.ts; then this file
// re-exports from there and the schemas stay the contract's input validation.
import { z } from 'zod';

/** Where a listing stands on the portal, as the list filters it. */
export const PORTAL_STATES = ['on', 'off', 'pending'] as const;
export type PortalStateFilter = (typeof PORTAL_STATES)[number];

/** Columns the list can be sorted on (all are extracted columns in the cache). */
export const SORT_FIELDS = [
  'reference', 'title', 'brand', 'trim', 'type', 'fuel', 'gearbox', 'color',
  'modelYear', 'manufacturedYear', 'value', 'mileage', 'updatedAt', 'pictureCount', 'onPortal',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const range = z
  .object({ min: z.number().finite().optional(), max: z.number().finite().optional() })
  .strict();
export type NumberRange = z.infer<typeof range>;

// At most 100 values per filter, as the cache accepts (src/shared/inventory.ts).
const values = z.array(z.string().max(200)).max(100);

export const inventoryFiltersSchema = z
  .object({
    /** Any of: on the portal / not on the portal / unpublish pending. Empty or absent: all. */
    portal: z.array(z.enum(PORTAL_STATES)).max(3).optional(),
    active: z.boolean().optional(),
    /** Open enums: values are matched exactly as the portal sent them. */
    type: values.optional(),
    /** Brand names as sent by the portal. */
    brand: values.optional(),
    fuel: values.optional(),
    gearbox: values.optional(),
    color: values.optional(),
    /** Model year. */
    year: range.optional(),
    /** Price (`value`) in reais. */
    price: range.optional(),
    /** Mileage in km. */
    mileage: range.optional(),
    brandNew: z.boolean().optional(),
    highlighted: z.boolean().optional(),
    hasProblems: z.boolean().optional(),
    hasRejectedPhotos: z.boolean().optional(),
  })
  .strict();
export type InventoryFilters = z.infer<typeof inventoryFiltersSchema>;

export const inventorySortSchema = z
  .object({ field: z.enum(SORT_FIELDS), direction: z.enum(['asc', 'desc']) })
  .strict();
export type InventorySort = z.infer<typeof inventorySortSchema>;

/** Free text: accents, case and plate punctuation are ignored by the cache's search. */
export const searchTextSchema = z.string().max(200);

export const INVENTORY_WINDOW_MAX = 500;

export const inventoryQuerySchema = z
  .object({
    text: searchTextSchema.default(''),
    filters: inventoryFiltersSchema.default({}),
    sort: inventorySortSchema.default({ field: 'updatedAt', direction: 'desc' }),
    window: z
      .object({ offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(INVENTORY_WINDOW_MAX) })
      .strict(),
  })
  .strict();
export type InventoryQuery = z.input<typeof inventoryQuerySchema>;

export const inventoryFacetsQuerySchema = z
  .object({ text: searchTextSchema.default(''), filters: inventoryFiltersSchema.default({}) })
  .strict();
export type InventoryFacetsQuery = z.input<typeof inventoryFacetsQuerySchema>;

/** One value of a facet and how many listings have it. */
export interface FacetCount {
  value: string;
  count: number;
}

export interface YesNoCount {
  yes: number;
  no: number;
}

/**
 * Counts for every filter. Each facet's counts apply the text and every *other* filter, but not
 * its own (so choosing "Fuel: Flex" still shows how many Diesel there are).
 */
export interface InventoryFacets {
  portal: Record<PortalStateFilter, number>;
  active: YesNoCount;
  type: FacetCount[];
  brand: FacetCount[];
  fuel: FacetCount[];
  gearbox: FacetCount[];
  color: FacetCount[];
  brandNew: YesNoCount;
  highlighted: YesNoCount;
  hasProblems: YesNoCount;
  hasRejectedPhotos: YesNoCount;
  /** Bounds over the listings matched (null when none has the field). */
  year: { min: number | null; max: number | null };
  price: { min: number | null; max: number | null };
  mileage: { min: number | null; max: number | null };
}
