// A listing's publication as the dealer sees it: on the portal or not (and why), and where their
// unpublish request stands — queued in the outbox, pending at the portal, or refused.
import type { PublicationEvent, VehicleRow } from '../../shared/inventory';
import type { NotOnPortalReason, PublicationEventView, PublicationStateView } from '../../shared/views';
import type { Cache } from '../cache';

/** An unpublish still waiting in the outbox (not sent yet). */
export interface QueuedUnpublish {
  createdAt: string;
  lastError: string | null;
}

interface DbOutbox {
  reference: string;
  created_at: string;
  last_error: string | null;
  last_attempt_at: string | null;
  attempts: number;
  status: 'pending' | 'sent' | 'failed';
}

const queuedStatements = new WeakMap<Cache, { any: () => boolean; count: () => number; among: (refs: string) => DbOutbox[]; forReference: (ref: string) => DbOutbox[] }>();

function statements(cache: Cache) {
  let s = queuedStatements.get(cache);
  if (!s) {
    const any = cache.db.prepare("SELECT 1 FROM outbox WHERE status = 'pending' AND kind = 'unpublish' LIMIT 1").pluck();
    const among = cache.db.prepare<[string], DbOutbox>(
      `SELECT reference, created_at, last_error, last_attempt_at, 0 AS attempts, status FROM outbox
        WHERE status = 'pending' AND kind = 'unpublish' AND reference IN (SELECT value FROM json_each(?)) ORDER BY id`,
    );
    const forReference = cache.db.prepare<[string], DbOutbox>(
      "SELECT reference, created_at, last_error, last_attempt_at, attempts, status FROM outbox WHERE kind = 'unpublish' AND reference = ? ORDER BY id",
    );
    const count = cache.db.prepare("SELECT count(*) FROM outbox WHERE status = 'pending'").pluck();
    s = { any: () => any.get() !== undefined, count: () => count.get() as number, among: (refs) => among.all(refs), forReference: (ref) => forReference.all(ref) };
    queuedStatements.set(cache, s);
  }
  return s;
}

/** Writes waiting in the outbox. */
export function outboxSize(cache: Cache): number {
  return statements(cache).count();
}

/** The queued unpublishes among `references`, in one query (none at all: no query beyond a probe). */
export function queuedUnpublishes(cache: Cache, references: readonly string[]): Map<string, QueuedUnpublish> {
  const out = new Map<string, QueuedUnpublish>();
  if (references.length === 0) return out;
  const s = statements(cache);
  if (!s.any()) return out;
  for (const r of s.among(JSON.stringify(references))) {
    if (!out.has(r.reference)) out.set(r.reference, { createdAt: r.created_at, lastError: r.last_error });
  }
  return out;
}

export function publicationState(row: VehicleRow, queued: QueuedUnpublish | undefined): PublicationStateView {
  const onPortal = row.portal !== 'off';
  const base = {
    onPortal,
    highlighted: row.highlighted,
    notOnPortalReason: onPortal ? null : ((row.notOnPortalReason as NotOnPortalReason | null) ?? 'unknown'),
  };
  if (onPortal && queued) return { ...base, unpublish: 'queued', unpublishRequestedAt: queued.createdAt, unpublishMessage: queued.lastError };
  if (row.portal === 'pending') return { ...base, unpublish: 'pending', unpublishRequestedAt: row.unpublishPendingSince, unpublishMessage: null };
  if (onPortal && row.unpublishError !== null) return { ...base, unpublish: 'refused', unpublishRequestedAt: null, unpublishMessage: row.unpublishError };
  return { ...base, unpublish: 'none', unpublishRequestedAt: null, unpublishMessage: null };
}

function publicationEventView(e: PublicationEvent): PublicationEventView {
  if (e.from.published && !e.to.published) {
    const cause: NotOnPortalReason = e.cause === 'unpublished_here' || e.cause === 'dropped_by_portal' ? e.cause : 'unknown';
    return { at: e.at, change: 'left', cause, message: null };
  }
  if (!e.from.published && e.to.published) return { at: e.at, change: 'appeared', cause: null, message: null };
  return { at: e.at, change: e.to.highlighted ? 'highlighted' : 'unhighlighted', cause: null, message: null };
}

/** What the sync saw change, and what the dealer asked for (from the outbox), oldest first. */
export function publicationHistory(cache: Cache, row: VehicleRow, events: readonly PublicationEvent[]): PublicationEventView[] {
  const out = events.map(publicationEventView);
  const requests = statements(cache).forReference(row.reference);
  // Sent straight to the portal (online), the request never went through the outbox: the row remembers it.
  if (!requests.some((r) => r.status === 'sent') && row.unpublishPendingSince !== null) {
    out.push({ at: row.unpublishPendingSince, change: 'unpublish_sent', cause: null, message: null });
  }
  for (const entry of requests) {
    // Every unpublish is written to the outbox before it is sent; one sent at its first attempt never waited in it.
    const waited = !(entry.status === 'sent' && entry.attempts <= 1);
    if (waited) out.push({ at: entry.created_at, change: 'unpublish_queued', cause: null, message: null });
    if (entry.status === 'sent' && entry.last_attempt_at) out.push({ at: entry.last_attempt_at, change: 'unpublish_sent', cause: null, message: null });
    if (entry.status === 'failed') out.push({ at: entry.last_attempt_at ?? entry.created_at, change: 'unpublish_refused', cause: null, message: entry.last_error });
  }
  // Stable: equal times keep the order above (events before requests).
  return out.map((e, i) => ({ e, i })).sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i)).map(({ e }) => e);
}
