// The inventory query as SQL: fixed fragments chosen by whitelist, every value bound. The only
// text that ever reaches SQL from a query is a placeholder. The inventory itself filters in memory
// (snapshot.ts) and uses the sort orders here; the WHERE clause is the meaning of a filter written
// as SQL: the tests check the snapshot against it, and the search bench's baseline uses it.
import type { FilterDimension, InventoryFilters, InventoryQuery, InventorySort, SortField } from '../../shared/inventory';
import { ftsMatchExpression } from './fts';

export type SqlValue = string | number | null;

export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

/** Categorical dimensions and the column each filters on. */
export const LIST_COLUMNS = { type: 'v.type', brand: 'v.brand', fuel: 'v.fuel', gearbox: 'v.gearbox', color: 'v.color' } as const;
export const RANGE_COLUMNS = { year: 'v.model_year', price: 'v.value', mileage: 'v.mileage' } as const;
export const BOOLEAN_COLUMNS = {
  active: 'v.active',
  brandNew: 'v.brand_new',
  highlighted: 'v.highlighted',
  hasProblems: 'v.has_problems',
  hasRejectedPhotos: '(v.rejected_photo_count > 0)',
} as const;

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
  portal: 'v.portal_state',
  highlighted: 'v.highlighted',
  hasProblems: 'v.has_problems',
  pictureCount: 'v.picture_count',
  rejectedPhotoCount: 'v.rejected_photo_count',
  plate: 'v.plate_normalized',
  firstSeen: 'v.first_seen_run',
};

export function orderBy(sort: InventorySort): string {
  const column = SORT_COLUMNS[sort.field];
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

/** One condition per active filter, keyed by dimension so facets can leave one out. */
export function filterConditions(filters: InventoryFilters | undefined): Map<FilterDimension, SqlCondition> {
  const out = new Map<FilterDimension, SqlCondition>();
  if (!filters) return out;
  const portal = filters.portal === undefined ? [] : [...new Set([filters.portal].flat())];
  if (portal.length > 0) out.set('portal', { sql: `v.portal_state IN (${placeholders(portal.length)})`, params: portal });
  for (const dim of Object.keys(LIST_COLUMNS) as (keyof typeof LIST_COLUMNS)[]) {
    const values = filters[dim];
    // An empty selection means "no filter", as in the UI where nothing is ticked.
    if (values === undefined || values.length === 0) continue;
    const unique = [...new Set(values)];
    out.set(dim, { sql: `${LIST_COLUMNS[dim]} IN (${placeholders(unique.length)})`, params: unique });
  }
  for (const dim of Object.keys(RANGE_COLUMNS) as (keyof typeof RANGE_COLUMNS)[]) {
    const range = filters[dim];
    if (range === undefined) continue;
    const parts: string[] = [];
    const params: SqlValue[] = [];
    if (range.min !== undefined) {
      parts.push(`${RANGE_COLUMNS[dim]} >= ?`);
      params.push(range.min);
    }
    if (range.max !== undefined) {
      parts.push(`${RANGE_COLUMNS[dim]} <= ?`);
      params.push(range.max);
    }
    if (parts.length > 0) out.set(dim, { sql: parts.join(' AND '), params });
  }
  for (const dim of Object.keys(BOOLEAN_COLUMNS) as (keyof typeof BOOLEAN_COLUMNS)[]) {
    const wanted = filters[dim];
    if (wanted === undefined) continue;
    out.set(dim, { sql: `${BOOLEAN_COLUMNS[dim]} = ?`, params: [wanted ? 1 : 0] });
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
