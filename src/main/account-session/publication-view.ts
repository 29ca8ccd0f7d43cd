// A listing's publication as the dealer sees it: on the portal or not (and why), and where their
// unpublish request stands — queued in the outbox, pending at the portal, or refused.
import type { PublicationEvent, VehicleRow } from '../../shared/inventory';
import type { NotOnPortalReason, PublicationEventView, PublicationStateView } from '../../shared/views';
import type { Cache, QueuedUnpublish } from '../cache';

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
  const requests = cache.outbox.unpublishesOf(row.reference);
  // Sent straight to the portal (online), the request never went through the outbox: the row remembers it.
  if (!requests.some((r) => r.status === 'sent') && row.unpublishPendingSince !== null) {
    out.push({ at: row.unpublishPendingSince, change: 'unpublish_sent', cause: null, message: null });
  }
  for (const entry of requests) {
    // Every unpublish is written to the outbox before it is sent; one sent at its first attempt never waited in it.
    const waited = !(entry.status === 'sent' && entry.attempts <= 1);
    if (waited) out.push({ at: entry.createdAt, change: 'unpublish_queued', cause: null, message: null });
    if (entry.status === 'sent' && entry.lastAttemptAt) out.push({ at: entry.lastAttemptAt, change: 'unpublish_sent', cause: null, message: null });
    if (entry.status === 'failed') out.push({ at: entry.lastAttemptAt ?? entry.createdAt, change: 'unpublish_refused', cause: null, message: entry.lastError });
  }
  // Stable: equal times keep the order above (events before requests).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}
