// What an observed change of a listing's publication means. Pure, so every cause is tested alone.
import type { PublicationCause } from '../../shared/inventory';
import type { PublicationAction } from '../../shared/views';

export interface PublicationState {
  published: boolean;
  highlighted: boolean;
}

export interface PublicationChange {
  from: PublicationState;
  to: PublicationState;
  cause: PublicationCause;
}

/**
 * `unpublishPending`: we sent DELETE /publications/:reference and no read has confirmed it.
 * A listing that disappears from the portal without that is the plan-limit case (portal-api-v2.md,
 * "States and transitions"): the portal nulls publications when the plan is exceeded.
 */
export function publicationChange(from: PublicationState, to: PublicationState, unpublishPending: boolean): PublicationChange | null {
  if (from.published === to.published && from.highlighted === to.highlighted) return null;
  let cause: PublicationCause;
  if (from.published && !to.published) cause = unpublishPending ? 'unpublished_here' : 'dropped_by_portal';
  else if (!from.published && to.published) cause = 'published';
  else cause = 'unknown'; // highlight switched on or off: the interface does not say by whom
  return { from, to, cause };
}

/**
 * Whether a listing shows what a request asked for (its confirmation by a read). The outbox's
 * confirming UPDATE and the reasons to need the dealer say the same in SQL (shared/attention.ts, REQUEST_REACHED_SQL).
 */
export function requestReached(action: PublicationAction, state: PublicationState): boolean {
  switch (action) {
    case 'unpublish':
      return !state.published;
    case 'publish':
      return state.published;
    case 'highlight':
      return state.published && state.highlighted;
    case 'unhighlight':
      return !state.highlighted;
  }
}
