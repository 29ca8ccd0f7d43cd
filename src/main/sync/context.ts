// What every step of one sync shares: the portal, the cancel signal, progress, connectivity and
// the notes that end up in the run's counts.
import type { PortalClient, PortalVehicle, SortDirection, SortField } from '../portal';
import type { PageMeta } from '../portal';
import type { ProgressTracker } from './progress';

export type Details = Record<string, number>;

export interface SyncContext {
  portal: PortalClient;
  signal: AbortSignal;
  concurrency: number;
  /** `limit` asked for; the portal clamps it and `meta.itemsPerPage` says what applied. */
  pageLimit: number;
  progress: ProgressTracker;
  details: Details;
  /** Runs one portal call (and notes the rate limit it left). */
  call<T>(fn: () => Promise<T>): Promise<T>;
}

export function note(details: Details, key: string, by = 1): void {
  details[key] = (details[key] ?? 0) + by;
}

export type SortOrder = ReadonlyArray<readonly [SortField, SortDirection]>;
export const BY_REFERENCE: SortOrder = [['reference', 'ASC']];
// reference breaks ties, so the order is total even when many listings share an updatedAt.
export const NEWEST_FIRST: SortOrder = [
  ['updatedAt', 'DESC'],
  ['reference', 'ASC'],
];

export interface PageRead {
  page: number;
  /** Order in which answers arrived during this sync: a higher one knows a later state. */
  seq: number;
  total: number;
  meta: PageMeta;
  items: PortalVehicle[];
}

let sequence = 0;

export async function readPage(ctx: SyncContext, sortBy: SortOrder, page: number, signal: AbortSignal = ctx.signal): Promise<PageRead> {
  const result = await ctx.call(() => ctx.portal.listVehicles({ limit: ctx.pageLimit, page, sortBy }, { signal }));
  return { page, seq: ++sequence, total: result.meta.totalItems, meta: result.meta, items: result.items };
}

/** Page size the portal applied: its `meta.itemsPerPage`, never what we asked for. */
export function pageSizeOf(read: PageRead): number {
  const size = read.meta.itemsPerPage;
  if (size > 0) return size;
  return Math.max(1, read.items.length);
}

export function pagesFor(total: number, pageSize: number): number {
  return total <= 0 ? 1 : Math.ceil(total / pageSize);
}
