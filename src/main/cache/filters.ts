// The inventory query as SQL: fixed fragments chosen by whitelist (each filter's column comes from
// the dimensions' table, shared/inventory-filters.ts), every value bound. The only text that ever
// reaches SQL from a query is a placeholder. The inventory itself filters in memory
// (snapshot.ts) and uses the sort orders here; the WHERE clause is the meaning of a filter written
// as SQL: the tests check the snapshot against it, and the search bench's baseline uses it.
import type { InventoryQuery, InventorySort, SortField } from '../../shared/inventory';
import { DIMENSION_NAMES, dimension, type FilterDimension, type InventoryFilters, type NumberRange } from '../../shared/inventory-filters';
import { overlaid, PORTAL_STATE_SQL, type OverlayField } from '../../shared/pending-changes';
import { PRICE_DAYS_SQL } from '../../shared/price-history';
import { STOCK_DAYS_SQL } from '../../shared/stock-age';
import { ftsMatchExpression } from './fts';

export type SqlValue = string | number | null;

export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

const SORT_COLUMNS: Record<SortField, string> = {
  title: 'v.title COLLATE NOCASE',
  reference: 'v.reference',
  updatedAt: 'v.updated_ms',
  brand: 'v.brand',
  trim: 'v.trim',
  modelId: 'v.model_id',
  type: 'v.type',
  fuel: 'v.fuel',
  gearbox: 'v.gearbox',
  color: 'v.color',
  manufacturedYear: 'v.manufactured_year',
  modelYear: 'v.model_year',
  value: 'v.value',
  mileage: 'v.mileage',
  brandNew: 'v.brand_new',
  active: 'v.active',
  portal: PORTAL_STATE_SQL,
  highlighted: 'v.highlighted',
  hasProblems: 'v.has_problems',
  pictureCount: 'v.picture_count',
  rejectedPhotoCount: 'v.rejected_photo_count',
  plate: 'v.plate_normalized',
  firstSeen: 'v.first_seen_run',
  daysInStock: STOCK_DAYS_SQL,
  daysAtPrice: PRICE_DAYS_SQL,
};

/**
 * Sorts whose column an open edit may overlay (shared/pending-changes.ts): the order is read from
 * the column's index (as the portal has the listings), and the snapshot puts the few listings an
 * edit moves in their place (snapshot.ts, `order`); the title, which has no range column there, is
 * read in the overlaid order while a change shows a title. Their filters test the overlaid column.
 */
export const OVERLAID_SORTS: Partial<Record<SortField, string>> = {
  title: `${overlaid('title', 'v.title')} COLLATE NOCASE`,
  value: overlaid('value', 'v.value'),
  mileage: overlaid('mileage', 'v.mileage'),
  modelYear: overlaid('modelYear', 'v.model_year'),
};

/** The sort field that orders by a filter's column (a range's, so the sort's order can find its listings), or null. */
export function sortFieldOn(column: string): SortField | null {
  const found = Object.entries(SORT_COLUMNS).find(([, c]) => c === column) ?? Object.entries(OVERLAID_SORTS).find(([, c]) => c === column);
  return found === undefined ? null : (found[0] as SortField);
}

/** The overlay field each overlaid sort reads (pending-changes.ts). */
export const OVERLAY_OF_SORT: Partial<Record<SortField, OverlayField>> = { title: 'title', value: 'value', mileage: 'mileage', modelYear: 'modelYear' };

/** ORDER BY for `sort`; `overlaidNow`: an open change overlays its column, so the order reads the overlay (no index then). */
export function orderBy(sort: InventorySort, overlaidNow = false): string {
  const column = (overlaidNow ? OVERLAID_SORTS[sort.field] : undefined) ?? SORT_COLUMNS[sort.field];
  const dir = sort.dir === 'desc' ? 'DESC' : 'ASC';
  // The id breaks ties so that windows over equal values never overlap or skip.
  return `${column} ${dir}, v.id ${dir}`;
}

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** The text search as a condition on vehicles, or null when the text has no word in it. */
export function textCondition(text: string | undefined): SqlCondition | null {
  const match = text === undefined ? null : ftsMatchExpression(text);
  if (match === null) return null;
  return { sql: `v.id IN (SELECT rowid FROM vehicles_fts WHERE vehicles_fts MATCH ?)`, params: [match] };
}

/** The condition a filter sets on its dimension's column (values bound), or null when it sets none. */
export function filterCondition(dim: FilterDimension, filters: InventoryFilters): SqlCondition | null {
  const d = dimension(dim);
  const value = filters[dim];
  if (value === undefined) return null;
  switch (d.kind) {
    case 'state':
    case 'values': {
      // An empty selection means "no filter", as in the panel where nothing is ticked.
      const unique = [...new Set(value as readonly string[])];
      return unique.length === 0 ? null : { sql: `${d.column} IN (${placeholders(unique.length)})`, params: unique };
    }
    case 'range': {
      const range = value as NumberRange;
      const parts: string[] = [];
      const params: SqlValue[] = [];
      if (range.min !== undefined) {
        parts.push(`${d.column} >= ?`);
        params.push(range.min);
      }
      if (range.max !== undefined) {
        parts.push(`${d.column} <= ?`);
        params.push(range.max);
      }
      return parts.length === 0 ? null : { sql: parts.join(' AND '), params };
    }
    case 'flag':
      return { sql: `${d.column} = ?`, params: [value ? 1 : 0] };
  }
}

/** One condition per active filter, in the table's order, keyed by dimension so facets can leave one out. */
export function filterConditions(filters: InventoryFilters | undefined): Map<FilterDimension, SqlCondition> {
  const out = new Map<FilterDimension, SqlCondition>();
  if (!filters) return out;
  for (const dim of DIMENSION_NAMES) {
    const condition = filterCondition(dim, filters);
    if (condition !== null) out.set(dim, condition);
  }
  return out;
}

/** WHERE clause (or '') for a query, optionally leaving one filter dimension out. */
export function whereClause(query: Pick<InventoryQuery, 'text' | 'filters'>, except?: FilterDimension): SqlCondition {
  const conditions: SqlCondition[] = [];
  const text = textCondition(query.text);
  if (text) conditions.push(text);
  for (const [dim, condition] of filterConditions(query.filters)) if (dim !== except) conditions.push(condition);
  if (conditions.length === 0) return { sql: '', params: [] };
  return {
    sql: 'WHERE ' + conditions.map((c) => `(${c.sql})`).join(' AND '),
    params: conditions.flatMap((c) => c.params),
  };
}
