// The applied state of one client's stock, in memory, with cached orderings so that a page of a
// 100k-vehicle stock costs a slice, not a sort. Every write bumps `version`, which drops the caches.
import { modelById } from './catalogue';
import type { PortalVehicle } from './types';

export type SortField = 'updatedAt' | 'reference' | 'value';
export type SortDirection = 'ASC' | 'DESC';
export type SortOrder = Array<[SortField, SortDirection]>;
export type FilterField = 'reference' | 'type';

export interface VehicleFilter {
  field: FilterField;
  /** The vehicle matches when its field equals one of these. */
  anyOf: string[];
  negate: boolean;
}

export interface ListQuery {
  sortBy: SortOrder;
  search?: string;
  filters: VehicleFilter[];
}

export interface StoredVehicle {
  /** The vehicle with its eventual url (hidden until `urlReadyAtMs`). */
  vehicle: PortalVehicle;
  updatedAtMs: number;
  urlReadyAtMs: number;
  /** The link an edit replaced, shown until `urlReadyAtMs` by a portal that keeps it meanwhile (dialect.ts, staleUrlAfterEdit). */
  staleUrl?: string;
  /** The video link of the last write; reads never return it (portal-notes.md, "The write shape"). */
  videoUrl?: string;
  /** Lower-cased reference, brand, model and trim names, for search. */
  searchText: string;
}

export function searchTextOf(vehicle: PortalVehicle): string {
  const model = modelById.get(vehicle.trim.modelId)?.name ?? '';
  return [vehicle.reference, vehicle.brand.name, model, vehicle.trim.name].join('\u0000').toLowerCase();
}

function compareBy(order: SortOrder): (a: StoredVehicle, b: StoredVehicle) => number {
  // Always end on reference so that the order is total and stable between requests.
  const full: SortOrder = order.some(([f]) => f === 'reference') ? order : [...order, ['reference', 'ASC']];
  const steps = full.map(([field, dir]) => {
    const sign = dir === 'ASC' ? 1 : -1;
    switch (field) {
      case 'updatedAt':
        return (a: StoredVehicle, b: StoredVehicle) => sign * (a.updatedAtMs - b.updatedAtMs);
      case 'value':
        return (a: StoredVehicle, b: StoredVehicle) => sign * (a.vehicle.value - b.vehicle.value);
      case 'reference':
        return (a: StoredVehicle, b: StoredVehicle) =>
          a.vehicle.reference === b.vehicle.reference ? 0 : a.vehicle.reference < b.vehicle.reference ? -sign : sign;
    }
  });
  return (a, b) => {
    for (const step of steps) {
      const d = step(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
}

export function orderKey(order: SortOrder): string {
  return order.map(([f, d]) => `${f}:${d}`).join(',');
}

export class VehicleStore {
  private readonly byReference = new Map<string, StoredVehicle>();
  private sorted = new Map<string, StoredVehicle[]>();
  private queries = new Map<string, StoredVehicle[]>();
  private published = 0;
  private highlighted = 0;
  /** Incremented on every change. */
  version = 0;

  get size(): number {
    return this.byReference.size;
  }

  get publishedCount(): number {
    return this.published;
  }

  get highlightedCount(): number {
    return this.highlighted;
  }

  get(reference: string): StoredVehicle | undefined {
    return this.byReference.get(reference);
  }

  has(reference: string): boolean {
    return this.byReference.has(reference);
  }

  values(): IterableIterator<StoredVehicle> {
    return this.byReference.values();
  }

  /** Inserts or replaces. */
  put(entry: StoredVehicle): void {
    const old = this.byReference.get(entry.vehicle.reference);
    if (old) this.count(old, -1);
    this.byReference.set(entry.vehicle.reference, entry);
    this.count(entry, 1);
    this.changed();
  }

  /** Inserts many without dropping caches each time (initial load). */
  putMany(entries: Iterable<StoredVehicle>): void {
    for (const entry of entries) {
      const old = this.byReference.get(entry.vehicle.reference);
      if (old) this.count(old, -1);
      this.byReference.set(entry.vehicle.reference, entry);
      this.count(entry, 1);
    }
    this.changed();
  }

  remove(reference: string): StoredVehicle | undefined {
    const old = this.byReference.get(reference);
    if (!old) return undefined;
    this.byReference.delete(reference);
    this.count(old, -1);
    this.changed();
    return old;
  }

  clear(): void {
    this.byReference.clear();
    this.published = 0;
    this.highlighted = 0;
    this.changed();
  }

  /** Every vehicle in the given order (cached until the next change). */
  sortedBy(order: SortOrder): StoredVehicle[] {
    const key = orderKey(order);
    let list = this.sorted.get(key);
    if (!list) {
      list = [...this.byReference.values()].sort(compareBy(order));
      this.sorted.set(key, list);
    }
    return list;
  }

  /** Vehicles matching the query, in its order (cached until the next change). */
  query(q: ListQuery): StoredVehicle[] {
    const all = this.sortedBy(q.sortBy);
    const search = q.search?.toLowerCase();
    if (!search && q.filters.length === 0) return all;
    const key = `${orderKey(q.sortBy)}\u0001${search ?? ''}\u0001${JSON.stringify(q.filters)}`;
    let list = this.queries.get(key);
    if (!list) {
      list = all.filter((sv) => (!search || sv.searchText.includes(search)) && q.filters.every((f) => matches(sv.vehicle, f)));
      if (this.queries.size > 64) this.queries.clear();
      this.queries.set(key, list);
    }
    return list;
  }

  private count(entry: StoredVehicle, sign: 1 | -1): void {
    const p = entry.vehicle.publication;
    if (p) {
      this.published += sign;
      if (p.highlighted) this.highlighted += sign;
    }
  }

  private changed(): void {
    this.version++;
    this.sorted = new Map();
    this.queries = new Map();
  }
}

function matches(vehicle: PortalVehicle, filter: VehicleFilter): boolean {
  const hit = filter.anyOf.includes(vehicle[filter.field]);
  return filter.negate ? !hit : hit;
}
