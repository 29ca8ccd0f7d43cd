// Counts per filter value for the inventory's filter panel. Classic faceted search: each
// dimension is counted with every OTHER filter applied, so ticking "DIESEL" still shows how
// many GASOLINE vehicles there are. Dimensions without an active filter share one WHERE clause,
// so their scalar counts come from a single scan.
import type { YesNoCount, FacetCounts, FacetValue, FilterDimension, InventoryQuery, RangeBounds } from '../../shared/inventory';
import { BOOLEAN_COLUMNS, LIST_COLUMNS, RANGE_COLUMNS, whereClause, type SqlCondition } from './filters';
import { parseInventoryQuery } from './query';
import type { StatementCache } from './statements';

type ListDim = keyof typeof LIST_COLUMNS;
type BoolDim = keyof typeof BOOLEAN_COLUMNS;
type RangeDim = keyof typeof RANGE_COLUMNS;
type ScalarDim = 'portal' | BoolDim | RangeDim;

const LIST_DIMS = Object.keys(LIST_COLUMNS) as ListDim[];
const BOOL_DIMS = Object.keys(BOOLEAN_COLUMNS) as BoolDim[];
const RANGE_DIMS = Object.keys(RANGE_COLUMNS) as RangeDim[];
const SCALAR_DIMS: ScalarDim[] = ['portal', ...BOOL_DIMS, ...RANGE_DIMS];

function scalarSelect(dim: ScalarDim): string {
  if (dim === 'portal') {
    return `sum(v.portal_state = 'on') AS portal_on, sum(v.portal_state = 'off') AS portal_off, sum(v.portal_state = 'pending') AS portal_pending`;
  }
  if (dim in BOOLEAN_COLUMNS) {
    const col = BOOLEAN_COLUMNS[dim as BoolDim];
    return `sum(${col} = 1) AS ${dim}_true, sum(${col} = 0) AS ${dim}_false`;
  }
  const col = RANGE_COLUMNS[dim as RangeDim];
  return `min(${col}) AS ${dim}_min, max(${col}) AS ${dim}_max`;
}

type Aggregates = Record<string, number | null>;

const n = (value: number | null | undefined): number => value ?? 0;

export function createFacets(statement: StatementCache) {
  function scalars(dims: ScalarDim[], where: SqlCondition): Aggregates {
    const sql = `SELECT ${dims.map(scalarSelect).join(', ')} FROM vehicles v ${where.sql}`;
    return statement(sql).get(...where.params) as Aggregates;
  }

  function values(dim: ListDim, where: SqlCondition): FacetValue[] {
    const col = LIST_COLUMNS[dim];
    const cond = where.sql === '' ? `WHERE ${col} IS NOT NULL` : `${where.sql} AND ${col} IS NOT NULL`;
    const sql = `SELECT ${col} AS value, count(*) AS count FROM vehicles v ${cond} GROUP BY 1 ORDER BY 2 DESC, 1`;
    return statement(sql).all(...where.params) as FacetValue[];
  }

  return {
    facetCounts(input: InventoryQuery): FacetCounts {
      const query = parseInventoryQuery(input);
      const all = whereClause(query);
      const filtered = new Set<FilterDimension>(
        (Object.keys(query.filters ?? {}) as FilterDimension[]).filter((d) => whereClause({ filters: { [d]: query.filters?.[d] } }).sql !== ''),
      );
      const aggregates: Aggregates = {};
      const shared = SCALAR_DIMS.filter((d) => !filtered.has(d));
      if (shared.length > 0) Object.assign(aggregates, scalars(shared, all));
      for (const dim of SCALAR_DIMS) if (filtered.has(dim)) Object.assign(aggregates, scalars([dim], whereClause(query, dim)));

      const booleans = (dim: BoolDim): YesNoCount => ({ yes: n(aggregates[`${dim}_true`]), no: n(aggregates[`${dim}_false`]) });
      const bounds = (dim: RangeDim): RangeBounds => ({ min: aggregates[`${dim}_min`] ?? null, max: aggregates[`${dim}_max`] ?? null });
      const lists = Object.fromEntries(
        LIST_DIMS.map((dim) => [dim, values(dim, filtered.has(dim) ? whereClause(query, dim) : all)]),
      ) as Record<ListDim, FacetValue[]>;
      return {
        portal: { on: n(aggregates.portal_on), off: n(aggregates.portal_off), pending: n(aggregates.portal_pending) },
        active: booleans('active'),
        ...lists,
        brandNew: booleans('brandNew'),
        highlighted: booleans('highlighted'),
        hasProblems: booleans('hasProblems'),
        hasRejectedPhotos: booleans('hasRejectedPhotos'),
        year: bounds('year'),
        price: bounds('price'),
        mileage: bounds('mileage'),
      };
    },
  };
}
