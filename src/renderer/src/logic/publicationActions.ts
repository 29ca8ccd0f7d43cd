// Which publication requests a listing can take now, for its own page and for a bulk selection.
// A request on its way is waited for before another of its kind: a highlight pending leaves
// Unpublish on offer (it does not wait for the highlight), an unpublish or a publish pending
// leaves nothing to ask.
import type { PublicationAction, PublicationStateView } from '../../../shared/views';

export const PUBLICATION_ACTION_ORDER: readonly PublicationAction[] = ['publish', 'highlight', 'unhighlight', 'unpublish'];

export function actionsFor(state: PublicationStateView): PublicationAction[] {
  const waiting = state.request?.status === 'queued' || state.request?.status === 'pending' ? state.request.action : null;
  if (waiting === 'unpublish' || waiting === 'publish' || state.unpublish === 'queued' || state.unpublish === 'pending') return [];
  if (!state.onPortal) return ['publish'];
  return waiting ? ['unpublish'] : [state.highlighted ? 'unhighlight' : 'highlight', 'unpublish'];
}

/** The actions at least one of the listings can take, in the bar's order. */
export function actionsForAny(states: Iterable<PublicationStateView>): PublicationAction[] {
  const any = new Set<PublicationAction>();
  for (const state of states) for (const action of actionsFor(state)) any.add(action);
  return PUBLICATION_ACTION_ORDER.filter((action) => any.has(action));
}
