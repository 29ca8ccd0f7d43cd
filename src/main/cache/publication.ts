// What an observed change of a listing's publication means. Pure, so every cause is tested alone.
import type { PublicationCause } from '../../shared/inventory';

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
 * `unpublishPending`: the portal accepted our unpublish and no read has confirmed it (the ledger's open change).
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
