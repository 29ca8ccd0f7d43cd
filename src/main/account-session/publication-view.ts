// A listing's publication as the dealer sees it: on the portal or not (and why), and where their
// latest request stands — queued in the outbox, pending at the portal, or refused — whatever it
// asked (unpublish, publish again, highlight on or off), and who caused each change it went through.
import type { PublicationEvent, VehicleRow } from '../../shared/inventory';
import type { NotOnPortalReason, PublicationEventView, PublicationRequestView, PublicationStateView, UnpublishStatus } from '../../shared/views';
import { requestReached, type Cache, type OpenRequest, type OutboxEntry, type QueuedUnpublish } from '../cache';

/** What the outbox holds for one listing: a queued unpublish, the latest other request. */
export interface Requests {
  queued: QueuedUnpublish | undefined;
  open: OpenRequest | undefined;
}

/** The outbox's requests for a page of listings, in two queries (each only a probe when the outbox has none). */
export function requestsOf(cache: Cache, references: readonly string[]): (reference: string) => Requests {
  const queued = cache.outbox.queuedUnpublishes(references);
  const open = cache.outbox.openRequests(references);
  return (reference) => ({ queued: queued.get(reference), open: open.get(reference) });
}

/** The unpublish, as the listing's row and the outbox say; null when there is none. */
function unpublishRequest(
  row: VehicleRow,
  queued: QueuedUnpublish | undefined,
): (PublicationRequestView & { status: Exclude<UnpublishStatus, 'none'> }) | null {
  const onPortal = row.portal !== 'off';
  if (onPortal && queued) return { action: 'unpublish', status: 'queued', requestedAt: queued.createdAt, message: queued.lastError };
  if (row.portal === 'pending') return { action: 'unpublish', status: 'pending', requestedAt: row.unpublishPendingSince, message: null };
  if (onPortal && row.unpublishError !== null) return { action: 'unpublish', status: 'refused', requestedAt: null, message: row.unpublishError };
  return null;
}

/** A publish or (un)highlight, until the listing shows it (then there is nothing left to say). */
function openRequest(row: VehicleRow, open: OpenRequest | undefined): PublicationRequestView | null {
  if (!open) return null;
  if (open.status !== 'pending' && requestReached(open.kind, { published: row.portal !== 'off', highlighted: row.highlighted })) return null;
  const status = open.status === 'pending' ? 'queued' : open.status === 'failed' ? 'refused' : open.notAppliedAt === null ? 'pending' : 'not_applied';
  return { action: open.kind, status, requestedAt: open.createdAt, message: status === 'queued' || status === 'refused' ? open.lastError : null };
}

export function publicationState(row: VehicleRow, { queued, open }: Requests): PublicationStateView {
  const onPortal = row.portal !== 'off';
  const unpublish = unpublishRequest(row, queued);
  return {
    onPortal,
    highlighted: row.highlighted,
    notOnPortalReason: onPortal ? null : (row.notOnPortalReason ?? 'unknown'),
    unpublish: (unpublish?.status ?? 'none') satisfies UnpublishStatus,
    unpublishRequestedAt: unpublish?.requestedAt ?? null,
    unpublishMessage: unpublish?.message ?? null,
    request: unpublish ?? openRequest(row, open),
  };
}

/** Which request kind a seen change answers (a change the dealer asked for is "by here"). */
const ANSWERS = { appeared: 'publish', highlighted: 'highlight', unhighlighted: 'unhighlight' } as const;

function publicationEventView(e: PublicationEvent, confirmed: OutboxEntry[]): PublicationEventView {
  if (e.from.published && !e.to.published) {
    const cause: NotOnPortalReason = e.cause === 'unpublished_here' || e.cause === 'dropped_by_portal' ? e.cause : 'unknown';
    return { at: e.at, change: 'left', cause, message: null, by: cause === 'unpublished_here' ? 'here' : cause === 'dropped_by_portal' ? 'portal' : null };
  }
  const change = !e.from.published && e.to.published ? 'appeared' : e.to.highlighted ? 'highlighted' : 'unhighlighted';
  // The oldest confirmed request of that kind sent before this read answers it (once).
  const i = confirmed.findIndex((r) => r.kind === ANSWERS[change] && (r.lastAttemptAt ?? r.createdAt) <= e.at);
  if (i >= 0) confirmed.splice(i, 1);
  return { at: e.at, change, cause: null, message: null, by: i >= 0 ? 'here' : null };
}

/** What the sync saw change (and who caused it), and what the dealer asked for (from the outbox), oldest first. */
export function publicationHistory(cache: Cache, row: VehicleRow, events: readonly PublicationEvent[]): PublicationEventView[] {
  const requests = cache.outbox.requestsOf(row.reference);
  const confirmed = requests.filter((r) => r.status === 'confirmed');
  const out = events.map((e) => publicationEventView(e, confirmed));
  // Sent straight to the portal (online), the unpublish never went through the outbox: the row remembers it.
  if (!requests.some((r) => r.kind === 'unpublish' && r.status === 'sent') && row.unpublishPendingSince !== null) {
    out.push({ at: row.unpublishPendingSince, change: 'unpublish_sent', cause: null, message: null, by: 'here' });
  }
  for (const entry of requests) {
    const sent = entry.status === 'sent' || entry.status === 'confirmed';
    // Every request is written to the outbox before it is sent; one answered at its first attempt
    // (accepted or refused) never waited in it.
    const waited = entry.status === 'pending' || entry.attempts > 1;
    if (waited) out.push({ at: entry.createdAt, change: `${entry.kind}_queued`, cause: null, message: null, by: 'here' });
    if (sent && entry.lastAttemptAt) out.push({ at: entry.lastAttemptAt, change: `${entry.kind}_sent`, cause: null, message: null, by: 'here' });
    if (entry.status === 'failed')
      out.push({ at: entry.lastAttemptAt ?? entry.createdAt, change: `${entry.kind}_refused`, cause: null, message: entry.lastError, by: 'here' });
  }
  // Stable: equal times keep the order above (events before requests).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}
