// TEMPORARY: renderer imports, moved to ./inventory after rebasing on the renderer's rework.
export { PORTAL_STATES, type FacetCounts as InventoryFacets, type FacetValue as FacetCount, type InventoryFilters, type InventorySort, type NumberRange, type PortalState as PortalStateFilter, type SortField, type YesNoCount } from './inventory';
