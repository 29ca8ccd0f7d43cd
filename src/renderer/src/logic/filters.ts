// Small pure helpers over the inventory filters.
import type { DimensionOf, InventoryFilters, NumberRange } from '../../../shared/inventory-filters';

export type ListFilterKey = DimensionOf<'state' | 'values'>;
export type FlagFilterKey = DimensionOf<'flag'>;
export type RangeFilterKey = DimensionOf<'range'>;

export function countActiveFilters(filters: InventoryFilters): number {
  let n = 0;
  // An optional key may be present and undefined (the type of Object.values hides it).
  for (const value of Object.values<InventoryFilters[keyof InventoryFilters]>(filters)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) n += value.length > 0 ? 1 : 0;
    else if (typeof value === 'object') n += value.min !== undefined || value.max !== undefined ? 1 : 0;
    else n += 1;
  }
  return n;
}

export function toggleListValue(filters: InventoryFilters, key: ListFilterKey, value: string): InventoryFilters {
  const current: readonly string[] = filters[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const copy: InventoryFilters = { ...filters };
  if (next.length === 0) delete copy[key];
  else (copy as Record<ListFilterKey, string[]>)[key] = next;
  return copy;
}

/** Tri-state flag: undefined (any) → true → false → undefined. */
export function setFlag(filters: InventoryFilters, key: FlagFilterKey, value: boolean | undefined): InventoryFilters {
  const copy: InventoryFilters = { ...filters };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
}

export function setRange(filters: InventoryFilters, key: RangeFilterKey, range: NumberRange): InventoryFilters {
  const copy: InventoryFilters = { ...filters };
  const clean: NumberRange = {};
  if (range.min !== undefined && Number.isFinite(range.min)) clean.min = range.min;
  if (range.max !== undefined && Number.isFinite(range.max)) clean.max = range.max;
  if (clean.min === undefined && clean.max === undefined) delete copy[key];
  else copy[key] = clean;
  return copy;
}

/** A number typed by the dealer ("150.000", "150,000", "150000"), or undefined when empty/invalid. */
export function parseWholeNumber(text: string): number | undefined {
  const digits = text.replace(/[\s.,]/g, '');
  if (digits === '' || !/^\d+$/.test(digits)) return undefined;
  return Number(digits);
}
