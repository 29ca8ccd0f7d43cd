import { useEffect, useState } from 'react';
import type { InventoryFacets, InventoryFilters } from '../../../shared/contract.inventory';
import { api } from '../api';

/** Counts for every filter, for the current text and filters; keeps the last answer while loading. */
export function useFacets(text: string, filters: InventoryFilters, version: number): InventoryFacets | null {
  const [facets, setFacets] = useState<InventoryFacets | null>(null);
  const key = JSON.stringify([text, filters]);
  useEffect(() => {
    let live = true;
    const [t, f] = JSON.parse(key) as [string, InventoryFilters];
    api.call('inventory.facets', { text: t, filters: f }).then(
      (result) => live && setFacets(result),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  return facets;
}
