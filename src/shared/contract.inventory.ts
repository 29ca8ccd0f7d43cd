// The inventory list's query as it crosses the bridge: free text, filters, sort and a window.
// Filters and facets are the cache's own (src/shared/inventory.ts); the sort speaks the list's
// column names and the backend maps it (src/main/backend/inventory.ts).
import { z } from 'zod';
import { inventoryFiltersSchema as cacheFiltersSchema, MAX_WINDOW, PORTAL_STATES, type FacetCounts, type PortalState } from './inventory';

export { PORTAL_STATES };
/** Where a listing stands on the portal, as the list filters it. */
export type PortalStateFilter = PortalState;

/** Columns the list can be sorted on (all are extracted columns in the cache). */
export const SORT_FIELDS = [
  'reference', 'title', 'brand', 'trim', 'type', 'fuel', 'gearbox', 'color',
  'modelYear', 'manufacturedYear', 'value', 'mileage', 'updatedAt', 'pictureCount', 'onPortal',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

// The filters are the cache's own (src/shared/inventory.ts); across the bridge the portal
// states always come as a list, which is what the filter panel sends.
export const inventoryFiltersSchema = cacheFiltersSchema.extend({
  /** Any of: on the portal / not on the portal / unpublish pending. Empty or absent: all. */
  portal: z.array(z.enum(PORTAL_STATES)).max(PORTAL_STATES.length).optional(),
});
export type InventoryFilters = z.infer<typeof inventoryFiltersSchema>;
export type NumberRange = NonNullable<InventoryFilters['price']>;

export const inventorySortSchema = z
  .object({ field: z.enum(SORT_FIELDS), direction: z.enum(['asc', 'desc']) })
  .strict();
export type InventorySort = z.infer<typeof inventorySortSchema>;

/** Free text: accents, case and plate punctuation are ignored by the cache's search. */
export const searchTextSchema = z.string().max(200);

export const INVENTORY_WINDOW_MAX = MAX_WINDOW;

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

/**
 * Counts for every filter. Each facet's counts apply the text and every *other* filter, but not
 * its own (so choosing "Fuel: Flex" still shows how many Diesel there are).
 */
export type InventoryFacets = FacetCounts;
export type { FacetValue as FacetCount, YesNoCount } from './inventory';
