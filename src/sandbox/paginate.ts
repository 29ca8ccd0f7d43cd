// Query parsing and the envelope of nestjs-paginate, whose conventions the portal follows:
// links.first is omitted on page 1, previous on page 1, next on the last page (or beyond),
// last on the last page and when there are no items; totalPages is 0 for no items and
// currentPage is the page asked for, even past the end.
import { HttpError } from './errors';
import type { FilterField, ListQuery, SortField, SortOrder, VehicleFilter } from './store';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
export const SORTABLE: readonly SortField[] = ['updatedAt', 'reference', 'value'];
export const DEFAULT_SORT: SortOrder = [
  ['updatedAt', 'DESC'],
  ['reference', 'ASC'],
];
const FILTERABLE: readonly FilterField[] = ['reference', 'type'];
export const SEARCHABLE = ['reference', 'brand.name', 'model.name', 'trim.name'];

export interface ParsedListQuery extends ListQuery {
  page: number;
  limit: number;
  /** Raw filter parameters as given (for meta.filter and links). */
  rawFilter: Record<string, string | string[]>;
}

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const v = query[name];
  if (Array.isArray(v)) throw new HttpError(400, [`${name} must be given once`]);
  return v;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw new HttpError(400, [`${name} must be a positive integer`]);
  return Number(raw);
}

export function parseListQuery(query: Query): ParsedListQuery {
  const limit = Math.min(MAX_LIMIT, positiveInt('limit', single(query, 'limit'), DEFAULT_LIMIT));
  const page = positiveInt('page', single(query, 'page'), 1);
  if (!Number.isSafeInteger(page)) throw new HttpError(400, ['page must be a positive integer']);

  const sortBy: SortOrder = [];
  const rawSort = query.sortBy;
  for (const entry of rawSort === undefined ? [] : Array.isArray(rawSort) ? rawSort : [rawSort]) {
    const [field, direction] = entry.split(':');
    const dir = direction?.toUpperCase();
    if (!SORTABLE.includes(field as SortField) || (dir !== 'ASC' && dir !== 'DESC')) continue; // ignored, like nestjs-paginate
    if (sortBy.some(([f]) => f === field)) continue;
    sortBy.push([field as SortField, dir]);
  }

  const rawSearch = query.search;
  const search = Array.isArray(rawSearch) ? rawSearch.join(' ') : rawSearch;

  const filters: VehicleFilter[] = [];
  const rawFilter: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filter.') || value === undefined) continue;
    const field = key.slice('filter.'.length);
    if (!FILTERABLE.includes(field as FilterField)) continue;
    rawFilter[field] = value;
    for (const token of Array.isArray(value) ? value : [value]) filters.push(parseFilter(field as FilterField, token));
  }

  return { page, limit, sortBy: sortBy.length ? sortBy : DEFAULT_SORT, search: search || undefined, filters, rawFilter };
}

function parseFilter(field: FilterField, token: string): VehicleFilter {
  let rest = token;
  let negate = false;
  if (rest.startsWith('$not:')) {
    negate = true;
    rest = rest.slice(5);
  }
  if (rest.startsWith('$eq:')) return { field, anyOf: [rest.slice(4)], negate };
  if (rest.startsWith('$in:')) return { field, anyOf: rest.slice(4).split(','), negate };
  if (rest.startsWith('$')) throw new HttpError(400, [`filter.${field}: unsupported operator in "${token}" (use $eq, $in or $not)`]);
  return { field, anyOf: [rest], negate };
}

export interface Envelope<T> {
  data: T[];
  meta: {
    itemsPerPage: number;
    totalItems: number;
    currentPage: number;
    totalPages: number;
    sortBy: SortOrder;
    search?: string;
    searchBy?: string[];
    filter?: Record<string, string | string[]>;
  };
  links: { first?: string; previous?: string; current: string; next?: string; last?: string };
}

/** Keeps ":" "$" "," readable in links, like nestjs-paginate, but escapes what would break a URL. */
function enc(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',');
}

export function envelope<T>(q: ParsedListQuery, totalItems: number, data: T[], path: string): Envelope<T> {
  const totalPages = Math.ceil(totalItems / q.limit);
  const sortQuery = q.sortBy.map(([f, d]) => `&sortBy=${f}:${d}`).join('');
  const searchQuery = q.search ? `&search=${enc(q.search)}` : '';
  const filterQuery = Object.entries(q.rawFilter)
    .flatMap(([field, v]) => (Array.isArray(v) ? v : [v]).map((x) => `&filter.${field}=${enc(x)}`))
    .join('');
  const link = (p: number): string => `${path}?page=${p}&limit=${q.limit}${sortQuery}${searchQuery}${filterQuery}`;
  const page = q.page;
  const meta: Envelope<T>['meta'] = { itemsPerPage: q.limit, totalItems, currentPage: page, totalPages, sortBy: q.sortBy };
  if (q.search) {
    meta.search = q.search;
    meta.searchBy = [...SEARCHABLE];
  }
  if (Object.keys(q.rawFilter).length) meta.filter = q.rawFilter;
  const links: Envelope<T>['links'] = { current: link(page) };
  if (page !== 1) links.first = link(1);
  if (page - 1 >= 1) links.previous = link(page - 1);
  if (page + 1 <= totalPages) links.next = link(page + 1);
  if (page !== totalPages && totalItems > 0) links.last = link(totalPages);
  return { data, meta, links: { first: links.first, previous: links.previous, current: links.current, next: links.next, last: links.last } };
}
