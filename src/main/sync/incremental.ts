// The incremental pass: the newest-first order, until it reaches what the cache already had
// (with an overlap window), then a look at the total to decide whether something was removed.
//
// Why this is enough: every change on the portal bumps the vehicle's updatedAt ("by the
// integrator or by the service", portal-api-v2.md), so a changed or new listing sorts before
// everything we already have. Edits while we read move items up, past pages we have read, which
// only repeats items on later pages. Removals shift items the other way and could skip one, but
// a removal changes the arithmetic of the total, and then the full sweep runs anyway.
import { updatedMsOf, type Collector } from './collector';
import { NEWEST_FIRST, pagesFor, pageSizeOf, readPage, type PageRead, type SyncContext } from './context';
import { forEachLimit } from '../base/pool';

export interface ChangesInput {
  ctx: SyncContext;
  collector: Collector;
  /** Read until items are older than this (epoch ms). */
  sinceMs: number;
  /** Listings in the cache before this sync. */
  cachedCount: number;
  isCached: (reference: string) => boolean;
}

export interface ChangesResult {
  /** Page 1 of the newest-first order (a full sweep started from here reuses it as its head). */
  head: PageRead;
  headUpdatedMs: number;
  total: number;
  pages: number;
  /** References read that the cache did not have. */
  newReferences: number;
  /** The total does not add up: something was removed (or added out of order), only a full sweep finds it. */
  needsFullSweep: boolean;
}

export async function readChanges({ ctx, collector, sinceMs, cachedCount, isCached }: ChangesInput): Promise<ChangesResult> {
  ctx.progress.addPages(0, 1);
  const head = await readPage(ctx, NEWEST_FIRST, 1);
  ctx.progress.addPages(1);
  collector.add(head.items);
  ctx.progress.update({ vehiclesTotal: head.total, vehiclesDone: collector.size });
  let latest = head;
  let pages = 1;
  const pageSize = pageSizeOf(head);
  const lastPage = () => pagesFor(latest.total, pageSize);
  let done = reachedKnown(head, sinceMs) || head.items.length === 0 || lastPage() <= 1;
  while (!done) {
    // Several pages at once; the first one that reaches known items ends the read.
    const batch: number[] = [];
    for (let p = pages + 1; p <= Math.min(lastPage(), pages + ctx.concurrency); p++) batch.push(p);
    if (batch.length === 0) break;
    ctx.progress.addPages(0, batch.length);
    const reads = new Map<number, PageRead>();
    await forEachLimit(
      batch,
      ctx.concurrency,
      async (page, signal) => {
        reads.set(page, await readPage(ctx, NEWEST_FIRST, page, signal));
        ctx.progress.addPages(1);
      },
      ctx.signal,
    );
    for (const page of batch) {
      const read = reads.get(page);
      if (!read) continue;
      collector.add(read.items);
      pages = page;
      if (read.seq > latest.seq) latest = read;
      if (reachedKnown(read, sinceMs) || read.items.length === 0) {
        done = true;
        break;
      }
    }
    ctx.progress.update({ vehiclesDone: collector.size });
    if (pages >= lastPage()) done = true;
  }
  let newReferences = 0;
  for (const reference of collector.references()) if (!isCached(reference)) newReferences++;
  const total = latest.total;
  return {
    head,
    headUpdatedMs: Math.max(Number.NEGATIVE_INFINITY, ...head.items.map(updatedMsOf)),
    total,
    pages,
    newReferences,
    needsFullSweep: total !== cachedCount + newReferences,
  };
}

/** The page ends below the window: everything after it is older still. */
function reachedKnown(read: PageRead, sinceMs: number): boolean {
  const times = read.items.map(updatedMsOf).filter(Number.isFinite);
  return times.length > 0 && Math.min(...times) < sinceMs;
}
