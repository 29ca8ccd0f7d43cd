// The full pass: every page of the list in reference order (unique, so the order is total), read
// in parallel within the rate limit.
//
// The list can change while we read it. An insert or a removal before a page boundary shifts
// every later item by one, so a page read after the change and its neighbour read before it
// either repeat an item or skip one: a skipped vehicle would silently vanish from the inventory.
// We detect it from the pages themselves: each page says `totalItems` at the moment it was
// served, pages must hold exactly the items their position implies, no reference may appear on
// two pages, and the distinct references must add up to the total. We repair it by re-reading
// the pages that knew an older state (or all of them, when the signs do not say which) until the
// latest reads agree; references we saw earlier that the agreeing reads no longer show are
// checked one by one (404: removed). Finally a read of the newest-first order from the head we
// took before the sweep catches edits and creations made while we were reading. Everything that
// was repaired is counted in the run's notes; what could not be settled is counted too, never
// dropped.
import { isAppError } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import type { PortalVehicle } from '../portal';
import { updatedMsOf, type Collector } from './collector';
import { BY_REFERENCE, NEWEST_FIRST, note, pagesFor, pageSizeOf, readPage, type PageRead, type SyncContext } from './context';
import { forEachLimit } from '../base/pool';

export interface SweepOptions {
  /** Rounds of re-reads when the pages disagree. */
  maxRepairRounds?: number;
  /** Most references checked one by one. */
  maxVerify?: number;
  /** The tail read goes back this far before the head, for timestamps at the same instant. */
  tailMarginMs?: number;
}

export interface SweepInput extends SweepOptions {
  ctx: SyncContext;
  collector: Collector;
  /** Page 1 of the newest-first order, when the caller already read it (an incremental sync that needs a sweep). */
  head?: PageRead;
  /** Whether a reference was in the inventory before this sync. */
  wasCached: (reference: string) => boolean;
  /** Every reference in the inventory before this sync (read only when the pages never settled). */
  previousReferences?: () => Iterable<string>;
  /** Stages the inventory's own copy of these listings: kept as last seen. */
  keepPrevious?: (references: string[]) => void;
}

export interface SweepResult {
  total: number;
  /** Newest updatedAt at the start of the sweep (epoch ms), or -Infinity for an empty stock. */
  headUpdatedMs: number;
  /** References we read (so they are staged) that the portal no longer has. */
  removed: Set<string>;
}

interface Check {
  ok: boolean;
  total: number;
  pages: number;
  suspects: number[];
  /** Reference → page, over the latest read of each page. */
  where: Map<string, number>;
}

export async function fullSweep(input: SweepInput): Promise<SweepResult> {
  const { ctx, collector } = input;
  const maxRounds = input.maxRepairRounds ?? 4;
  const latest = new Map<number, PageRead>();
  let newestAnswer: PageRead | undefined;
  const removed = new Set<string>();

  const accept = (read: PageRead, into: Map<number, PageRead>) => {
    collector.add(read.items);
    if (!newestAnswer || read.seq > newestAnswer.seq) newestAnswer = read;
    const previous = into.get(read.page);
    if (!previous || previous.seq < read.seq) into.set(read.page, read);
    ctx.progress.update({ vehiclesDone: collector.size, vehiclesTotal: Math.max(newestAnswer.total, collector.size) });
  };

  const readReferencePages = async (pages: number[]) => {
    ctx.progress.addPages(0, pages.length);
    await forEachLimit(
      pages,
      ctx.concurrency,
      async (page, signal) => {
        const read = await readPage(ctx, BY_REFERENCE, page, signal);
        accept(read, latest);
        ctx.progress.addPages(1);
      },
      ctx.signal,
    );
  };

  // First wave: page 1 (its meta says how many pages there are) and, beside it, the head of
  // the newest-first order: every change made after this moment has a later updatedAt.
  let head = input.head;
  let first: PageRead | undefined;
  ctx.progress.addPages(0, head ? 1 : 2);
  await forEachLimit(
    head ? ['first'] : ['first', 'head'],
    ctx.concurrency,
    async (which, signal) => {
      if (which === 'head') {
        head = await readPage(ctx, NEWEST_FIRST, 1, signal);
        collector.add(head.items);
      } else {
        first = await readPage(ctx, BY_REFERENCE, 1, signal);
        accept(first, latest);
      }
      ctx.progress.addPages(1);
    },
    ctx.signal,
  );
  if (!first || !head) throw codedError('internal', { code: 'app.internal' }, { reason: 'first_pages_missing' });
  const headRefs = new Set(head.items.map((i) => i.reference));
  const headUpdatedMs = Math.max(Number.NEGATIVE_INFINITY, ...head.items.map(updatedMsOf));
  const pageSize = pageSizeOf(first);
  ctx.progress.update({ vehiclesTotal: first.total });
  await readReferencePages(range(2, pagesFor(first.total, pageSize)));

  let rounds = 0;
  let settled = false;
  let resweptForCreations = false;
  for (;;) {
    const check = checkPages(latest, pageSize, newestAnswer?.total ?? 0);
    for (const page of [...latest.keys()]) if (page > check.pages) latest.delete(page);
    let suspects = check.suspects;
    if (check.ok) {
      const tail = await readTail(ctx, collector, headUpdatedMs - (input.tailMarginMs ?? 1_000));
      // A listing created while we read shifts the pages after it, and a removal elsewhere can
      // hide it from the total; the newest-first order shows it.
      const created = tail.items.filter((v) => updatedMsOf(v) > headUpdatedMs && !headRefs.has(v.reference) && !input.wasCached(v.reference));
      const unseen = created.filter((v) => !check.where.has(v.reference));
      const totalMoved = tail.total !== check.total;
      if (!totalMoved && unseen.length === 0 && (created.length === 0 || resweptForCreations)) {
        settled = true;
        break;
      }
      if (totalMoved) note(ctx.details, 'totalChangedDuringSweep');
      if (created.length > 0 && !resweptForCreations) note(ctx.details, 'createdDuringSweep', created.length);
      resweptForCreations ||= created.length > 0;
      suspects = range(1, pagesFor(tail.total, pageSize));
    } else {
      note(ctx.details, 'shiftsDetected');
    }
    if (rounds >= maxRounds) break;
    rounds++;
    note(ctx.details, 'repairRounds');
    note(ctx.details, 'pagesReread', suspects.length);
    await readReferencePages(suspects);
  }

  const final = checkPages(latest, pageSize, newestAnswer?.total ?? 0);
  if (!settled) {
    // The portal kept changing under us: keep everything we saw (the next sync settles it), and say so.
    note(ctx.details, 'unsettled');
    const missing = final.total - final.where.size;
    if (missing > 0) note(ctx.details, 'possiblyMissed', missing);
  }

  // References we read earlier that the latest pages do not show: removed since, or skipped by
  // a shift in the latest reads. Only the portal can tell which.
  const doubtful = [...collector.references()].filter((r) => !final.where.has(r)).sort();
  // Pages that never agreed may have skipped a listing in every read: what the inventory had and
  // no read showed is doubtful too (a settled sweep proves those were removed). So is it when an
  // item could not be identified: it may be any of them.
  const complete = settled && collector.unidentified.length === 0;
  const unseenBefore = complete ? [] : [...(input.previousReferences?.() ?? [])].filter((r) => !collector.has(r)).sort();
  const maxVerify = input.maxVerify ?? 200;
  const toVerify = [...unseenBefore, ...doubtful].slice(0, maxVerify);
  const unverified = [...unseenBefore, ...doubtful].slice(toVerify.length);
  if (unverified.length > 0) note(ctx.details, 'unverified', unverified.length);
  await verifyReferences(ctx, collector, toVerify, removed);
  // Not proven gone (not checked, or checked and still unreadable or only queued), and not read
  // in this sync: keep the inventory's copy rather than drop it.
  const keep = [...unseenBefore, ...doubtful].filter((r) => !collector.has(r) && !removed.has(r));
  if (keep.length > 0) input.keepPrevious?.(keep);
  return { total: newestAnswer?.total ?? first.total, headUpdatedMs, removed };
}

/** GET /vehicles/:reference for each: a 404 means removed; a copy read now is staged. */
export async function verifyReferences(
  ctx: SyncContext,
  collector: Collector,
  references: string[],
  removed: Set<string>,
  noteKey = 'verified',
): Promise<void> {
  if (references.length === 0) return;
  note(ctx.details, noteKey, references.length);
  await forEachLimit(
    references,
    ctx.concurrency,
    async (reference, signal) => {
      try {
        const read = await ctx.call(() => ctx.portal.getVehicle(reference, { signal }));
        if (read.status === 'found') collector.add([read.vehicle]);
      } catch (error) {
        if (isAppError(error) && error.kind === 'not_found') {
          removed.add(reference);
          note(ctx.details, 'verifiedRemoved');
          return;
        }
        // The portal has it but sends it unreadably (the same item the list could not identify):
        // not proven gone, so the caller keeps its last copy; the sync goes on.
        if (isAppError(error) && error.kind === 'invalid_response') {
          note(ctx.details, 'verifiedUnreadable');
          return;
        }
        throw error;
      }
    },
    ctx.signal,
  );
}

interface Tail {
  total: number;
  items: PortalVehicle[];
}

/** Newest-first pages until they reach items older than `sinceMs`: what changed during the sweep. */
async function readTail(ctx: SyncContext, collector: Collector, sinceMs: number): Promise<Tail> {
  const items: PortalVehicle[] = [];
  for (let page = 1; ; page++) {
    ctx.progress.addPages(0, 1);
    const read = await readPage(ctx, NEWEST_FIRST, page);
    ctx.progress.addPages(1);
    collector.add(read.items);
    items.push(...read.items);
    const oldest = Math.min(...read.items.map(updatedMsOf).filter(Number.isFinite));
    if (read.items.length === 0 || page >= pagesFor(read.total, pageSizeOf(read)) || oldest < sinceMs) return { total: read.total, items };
  }
}

function checkPages(latest: Map<number, PageRead>, pageSize: number, total: number): Check {
  const pages = pagesFor(total, pageSize);
  const suspects = new Set<number>();
  const where = new Map<string, number>();
  for (let page = 1; page <= pages; page++) {
    const read = latest.get(page);
    if (!read || read.total !== total) {
      suspects.add(page);
      if (!read) continue;
    }
    const expected = page < pages ? pageSize : total - (pages - 1) * pageSize;
    if (read.items.length !== expected) suspects.add(page);
    for (const item of read.items) {
      const other = where.get(item.reference);
      if (other !== undefined && other !== page) {
        suspects.add(page);
        suspects.add(other);
      } else {
        where.set(item.reference, page);
      }
    }
  }
  if (suspects.size === 0 && where.size !== total) for (let page = 1; page <= pages; page++) suspects.add(page);
  return { ok: suspects.size === 0, total, pages, suspects: [...suspects].sort((a, b) => a - b), where };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}
