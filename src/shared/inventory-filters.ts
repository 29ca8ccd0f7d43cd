// Every filter of the inventory, declared once. From this table come the filters' schema (what
// the renderer, the CLI and the cache accept), the facet counts' type, the SQL conditions
// (main/cache/filters.ts), the snapshot's columns and packing (main/cache/snapshot.ts) and the
// CLI flags (main/cli/search-flags.ts). Adding a filter: one line here, its label in both
// dictionaries (filters.<name>), and its place in the filter panel. test/shared/inventory-filters
// checks that every consumer derives every dimension.
import { overlaid, PORTAL_STATE_SQL } from './pending-changes';
import { z } from 'zod';
import { ATTENTION_SQL, ATTENTION_VALUES } from './attention';
import type { Messages } from './i18n/en';
import { OFF_REASONS, OFF_REASON_SQL, READABLE_DESCRIPTION_LENGTH } from './insights';
import { PRICE_DAYS_SQL } from './price-history';
import { STOCK_DAYS_SQL } from './stock-age';

/** Where a listing stands on the portal. 'pending': the portal accepted our unpublish and no read has confirmed it yet (pending-changes.ts). */
export const PORTAL_STATES = ['on', 'off', 'pending'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

/**
 * The kinds of filter:
 * - state: one of a fixed set of values (any of several may be chosen), packed in the snapshot;
 * - values: free text values the listings have (any of several), counted per value;
 * - range: a number between bounds, with the listings' min and max;
 * - flag: yes / no / any, counted as yes and no.
 */
export type DimensionKind = 'state' | 'values' | 'range' | 'flag';

interface DimensionBase {
  /** The SQL expression over `vehicles v` the filter tests: a fixed fragment, never from input. */
  column: string;
  /** Its label: `filters.<label>` in the dictionaries. */
  label: keyof Messages['filters'];
  /** The CLI flag: `--<cli>` (a range: `--<cli>-min` and `--<cli>-max`). */
  cli: string;
}
export interface StateDimension extends DimensionBase {
  kind: 'state';
  /** The values, in the order the snapshot codes them (the first also takes anything unknown). */
  values: readonly [string, ...string[]];
}
export interface ValuesDimension extends DimensionBase {
  kind: 'values';
  /** The placeholder in the CLI's usage line. */
  cliHint: string;
  /** The CLI upper-cases what is typed (the portal's codes are upper-case: FLEX, DIESEL). */
  cliUpperCase: boolean;
}
export interface RangeDimension extends DimensionBase {
  kind: 'range';
}
export interface FlagDimension extends DimensionBase {
  kind: 'flag';
}
export type Dimension = StateDimension | ValuesDimension | RangeDimension | FlagDimension;

export const FILTER_DIMENSIONS = {
  portal: { kind: 'state', values: PORTAL_STATES, column: PORTAL_STATE_SQL, label: 'portal', cli: 'portal' },
  /** Why the listing needs the dealer: its first reason (shared/attention.ts), or 'none'. */
  attention: { kind: 'state', values: ATTENTION_VALUES, column: ATTENTION_SQL, label: 'attention', cli: 'attention' },
  /** Why it is off the portal, or 'on' (shared/insights.ts). */
  offReason: { kind: 'state', values: OFF_REASONS, column: OFF_REASON_SQL, label: 'offReason', cli: 'off-reason' },
  active: { kind: 'flag', column: 'v.active', label: 'active', cli: 'active' },
  type: { kind: 'values', column: 'v.type', label: 'type', cli: 'type', cliHint: 'C|M', cliUpperCase: true },
  brand: { kind: 'values', column: 'v.brand', label: 'brand', cli: 'brand', cliHint: 'B', cliUpperCase: false },
  /**
   * The portal's model id as text, as every list filter's values are (a listing names its model by id only;
   * the catalogue, once read, names it).
   * With `brand`, it selects one of the insights' top models, which group by brand and model.
   */
  model: { kind: 'values', column: 'CAST(v.model_id AS TEXT)', label: 'model', cli: 'model', cliHint: 'ID', cliUpperCase: false },
  fuel: { kind: 'values', column: overlaid('fuel', 'v.fuel'), label: 'fuel', cli: 'fuel', cliHint: 'F', cliUpperCase: true },
  gearbox: { kind: 'values', column: overlaid('gearbox', 'v.gearbox'), label: 'gearbox', cli: 'gearbox', cliHint: 'G', cliUpperCase: true },
  color: { kind: 'values', column: overlaid('color', 'v.color'), label: 'color', cli: 'color', cliHint: 'C', cliUpperCase: true },
  /** Model year. */
  year: { kind: 'range', column: overlaid('modelYear', 'v.model_year'), label: 'year', cli: 'year' },
  /** Price in reais (`value`). */
  price: { kind: 'range', column: overlaid('value', 'v.value'), label: 'price', cli: 'price' },
  mileage: { kind: 'range', column: overlaid('mileage', 'v.mileage'), label: 'mileage', cli: 'mileage' },
  /** Days in stock (shared/stock-age.ts): a listing there at the first sync counts its lower bound. */
  age: { kind: 'range', column: STOCK_DAYS_SQL, label: 'age', cli: 'age' },
  /** Days at the current price (shared/price-history.ts). */
  priceAge: { kind: 'range', column: PRICE_DAYS_SQL, label: 'priceAge', cli: 'price-age' },
  photos: { kind: 'range', column: 'v.picture_count', label: 'photos', cli: 'photos' },
  brandNew: { kind: 'flag', column: 'v.brand_new', label: 'brandNew', cli: 'new' },
  highlighted: { kind: 'flag', column: 'v.highlighted', label: 'highlighted', cli: 'highlighted' },
  hasProblems: { kind: 'flag', column: 'v.has_problems', label: 'hasProblems', cli: 'problems' },
  hasRejectedPhotos: { kind: 'flag', column: '(v.rejected_photo_count > 0)', label: 'hasRejectedPhotos', cli: 'rejected-photos' },
  /** Added, changed or dropped by the last sync that committed (not a first sync: that one added everything). */
  noPrice: { kind: 'flag', column: '(v.value IS NULL)', label: 'noPrice', cli: 'no-price' },
  /** A description shorter than the portal's readable length (shared/insights.ts). */
  shortDescription: { kind: 'flag', column: `(v.description_length < ${READABLE_DESCRIPTION_LENGTH})`, label: 'shortDescription', cli: 'short-description' },
  changedLastSync: { kind: 'flag', column: 'v.changed_last_sync', label: 'changedLastSync', cli: 'changed-last-sync' },
} as const satisfies Record<string, Dimension>;

type Dimensions = typeof FILTER_DIMENSIONS;
export type FilterDimension = keyof Dimensions;
/** The dimensions of one kind, e.g. `DimensionOf<'flag'>` is 'active' | 'brandNew' | …. */
export type DimensionOf<K extends DimensionKind> = { [D in FilterDimension]: Dimensions[D]['kind'] extends K ? D : never }[FilterDimension];

/** Every dimension, in the table's order. */
export const DIMENSION_NAMES = Object.keys(FILTER_DIMENSIONS) as FilterDimension[];

/** The dimensions of one kind, in the table's order. */
export function dimensionsOf<K extends DimensionKind>(kind: K): DimensionOf<K>[] {
  return DIMENSION_NAMES.filter((d) => FILTER_DIMENSIONS[d].kind === kind) as DimensionOf<K>[];
}

/** A dimension's entry as its kind's type (the table's literal types are narrower than a loop needs). */
export function dimension(name: FilterDimension): Dimension {
  return FILTER_DIMENSIONS[name];
}

// ---- the filters' schema ----

const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 200;

const rangeSchema = z.object({ min: z.number().optional(), max: z.number().optional() }).strict();
const stateSchema = <V extends readonly [string, ...string[]]>(values: V) => z.array(z.enum(values)).max(values.length).optional();
const valuesSchema = () => z.array(z.string().max(MAX_VALUE_LENGTH)).max(MAX_VALUES).optional();
const optionalRange = () => rangeSchema.optional();
const flagSchema = () => z.boolean().optional();

type SchemaOf<D> = D extends { kind: 'state'; values: infer V extends readonly [string, ...string[]] }
  ? ReturnType<typeof stateSchema<V>>
  : D extends { kind: 'values' }
    ? ReturnType<typeof valuesSchema>
    : D extends { kind: 'range' }
      ? ReturnType<typeof optionalRange>
      : ReturnType<typeof flagSchema>;

function schemaOf(d: Dimension): z.ZodType {
  switch (d.kind) {
    case 'state':
      return stateSchema(d.values);
    case 'values':
      return valuesSchema();
    case 'range':
      return optionalRange();
    case 'flag':
      return flagSchema();
  }
}

const filtersShape = Object.fromEntries(DIMENSION_NAMES.map((d) => [d, schemaOf(dimension(d))])) as {
  [D in FilterDimension]: SchemaOf<Dimensions[D]>;
};

/** The filters: each absent (or an empty list) means "no filter on it", as in the panel where nothing is ticked. */
export const inventoryFiltersSchema = z.object(filtersShape).strict();
export type InventoryFilters = z.infer<typeof inventoryFiltersSchema>;
export type NumberRange = z.infer<typeof rangeSchema>;

// ---- the facets ----

export interface FacetValue {
  value: string;
  count: number;
}
export interface YesNoCount {
  yes: number;
  no: number;
}
/** Bounds over the listings matched; null when none has the field. */
export interface RangeBounds {
  min: number | null;
  max: number | null;
}

type FacetOf<D> = D extends { kind: 'state'; values: infer V extends readonly string[] }
  ? Record<V[number], number>
  : D extends { kind: 'values' }
    ? FacetValue[]
    : D extends { kind: 'range' }
      ? RangeBounds
      : YesNoCount;

/** Counts per filter value; each dimension is counted with all OTHER filters applied (faceted search). */
export type FacetCounts = { [D in FilterDimension]: FacetOf<Dimensions[D]> };
