// Opens the edit form once for each edit the portal refused, when the listing shows the refusal:
// the dealer's values and the portal's words are there to fix, and nothing was lost.
import { useEffect, useRef } from 'react';
import type { PendingEditView } from './listingEditChannels';

/**
 * The refusals the form was opened for, for as long as the app runs: kept outside the screen, so a
 * detail drawn anew (a refetch, a visit back) does not open the form again for a refusal the dealer
 * has seen and closed (the e2e test saw the form come back after Cancel).
 */
const shown = new Set<number>();

export function useReopenOnRefusal(edit: PendingEditView | null, open: () => void): void {
  const refusedId = edit?.status === 'refused' ? edit.changeId : null;
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (refusedId === null || shown.has(refusedId)) return;
    shown.add(refusedId);
    openRef.current();
  }, [refusedId]);
}
