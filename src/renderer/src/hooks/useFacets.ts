import { keepPreviousData } from '@tanstack/react-query';
import type { FacetCounts, InventoryFilters } from '../../../shared/inventory';
import { useChannel } from '../query/useChannel';

/** Counts for every filter, for the current text and filters; keeps the last answer while loading. */
export function useFacets(text: string, filters: InventoryFilters): { facets: FacetCounts | null; error: Error | null } {
  const query = useChannel('inventory.facets', { text, filters }, { placeholderData: keepPreviousData });
  return { facets: query.data ?? null, error: query.error };
}
