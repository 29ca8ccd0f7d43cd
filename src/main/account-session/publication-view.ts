// A listing's publication as the dealer sees it: on the portal or not (and why), and where their
// latest request stands — queued in the ledger, pending at the portal, or refused — whatever it
// asked (unpublish, publish again, highlight on or off), and who caused each change it went through.
import { renderMessage } from '../../shared/i18n/messages';
import type { PublicationEvent, VehicleRow } from '../../shared/inventory';
import type { ChangeStatus } from '../../shared/pending-changes';
import {
  PUBLICATION_ACTIONS,
  type NotOnPortalReason,
  type PublicationAction,
  type PublicationEventView,
  type PublicationRequestView,
  type PublicationStateView,
  type RequestStatus,
  type UnpublishStatus,
} from '../../shared/views';
import type { Cache, PendingChange } from '../cache';

/** A listing's open changes, oldest first (the ledger, main/cache/ledger-store.ts). */
export type Requests = readonly PendingChange[];

/** The open changes of a page of listings, in one query (only a probe when none is open). */
export function requestsOf(cache: Cache, references: readonly string[]): (reference: string) => Requests {
  const open = cache.ledger.openOf(references);
  return (reference) => open.get(reference) ?? [];
}

type PublicationChange = PendingChange & { kind: PublicationAction };
const isPublication = (change: PendingChange): change is PublicationChange => (PUBLICATION_ACTIONS as readonly string[]).includes(change.kind);

/** How an open change's status reads on the listing. */
const REQUEST_STATUS: Partial<Record<ChangeStatus, RequestStatus>> = {
  pending: 'queued',
  sending: 'queued',
  sent: 'pending',
  refused: 'refused',
  not_applied: 'not_applied',
};

/** The last error of a change, in English (the view's message; its code is in the ledger). */
const messageOf = (change: PendingChange): string | null =>
  change.lastError === null ? null : renderMessage('en', change.lastError.code, change.lastError.params);

function requestView(change: PublicationChange | undefined): PublicationRequestView | null {
  const status = change && REQUEST_STATUS[change.status];
  if (!change || status === undefined) return null;
  return { action: change.kind, status, requestedAt: change.createdAt, message: status === 'queued' || status === 'refused' ? messageOf(change) : null };
}

export function publicationState(row: VehicleRow, requests: Requests): PublicationStateView {
  const onPortal = row.portal !== 'off';
  const publication = requests.filter(isPublication);
  // An unpublish has a slot of its own; of the others the latest stands (kinds/publication.ts).
  const unpublish = onPortal ? requestView(publication.filter((c) => c.kind === 'unpublish').at(-1)) : null;
  const other = requestView(publication.filter((c) => c.kind !== 'unpublish').at(-1));
  return {
    onPortal,
    highlighted: row.highlighted,
    notOnPortalReason: onPortal ? null : (row.notOnPortalReason ?? 'unknown'),
    unpublish: (unpublish?.status ?? 'none') as UnpublishStatus,
    unpublishRequestedAt: unpublish?.requestedAt ?? null,
    unpublishMessage: unpublish?.message ?? null,
    request: unpublish ?? other,
  };
}

/** Which request kind a seen change answers (a change the dealer asked for is "by here"). */
const ANSWERS = { appeared: 'publish', highlighted: 'highlight', unhighlighted: 'unhighlight' } as const;

function publicationEventView(e: PublicationEvent, confirmed: PublicationChange[]): PublicationEventView {
  if (e.from.published && !e.to.published) {
    // A listing seen leaving with no cause known was taken off elsewhere (not from here, not by the plan).
    const cause: NotOnPortalReason = e.cause === 'unpublished_here' ? 'unpublishedHere' : e.cause === 'dropped_by_portal' ? 'droppedByPlan' : 'offElsewhere';
    return { at: e.at, change: 'left', cause, message: null, by: cause === 'unpublishedHere' ? 'here' : cause === 'droppedByPlan' ? 'portal' : null };
  }
  const change = !e.from.published && e.to.published ? 'appeared' : e.to.highlighted ? 'highlighted' : 'unhighlighted';
  // The oldest confirmed request of that kind sent before this read answers it (once).
  const i = confirmed.findIndex((r) => r.kind === ANSWERS[change] && (r.lastAttemptAt ?? r.createdAt) <= e.at);
  if (i >= 0) confirmed.splice(i, 1);
  return { at: e.at, change, cause: null, message: null, by: i >= 0 ? 'here' : null };
}

/** What the sync saw change (and who caused it), and what the dealer asked for (from the ledger), oldest first. */
export function publicationHistory(cache: Cache, row: VehicleRow, events: readonly PublicationEvent[]): PublicationEventView[] {
  const requests = cache.ledger.of(row.reference).filter(isPublication);
  const confirmed = requests.filter((r) => r.status === 'confirmed');
  const out = events.map((e) => publicationEventView(e, confirmed));
  for (const entry of requests) {
    if (entry.status === 'discarded') continue;
    const sent = entry.status === 'sent' || entry.status === 'confirmed' || entry.status === 'not_applied';
    // Every request is saved before it is sent; one answered at its first attempt (accepted or
    // refused) never waited.
    const waited = entry.status === 'pending' || entry.status === 'sending' || entry.attempts > 1;
    if (waited) out.push({ at: entry.createdAt, change: `${entry.kind}_queued`, cause: null, message: null, by: 'here' });
    if (sent && entry.lastAttemptAt) out.push({ at: entry.lastAttemptAt, change: `${entry.kind}_sent`, cause: null, message: null, by: 'here' });
    if (entry.status === 'refused')
      out.push({ at: entry.lastAttemptAt ?? entry.createdAt, change: `${entry.kind}_refused`, cause: null, message: messageOf(entry), by: 'here' });
  }
  // Stable: equal times keep the order above (events before requests).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}
