// Opens the edit form once for each edit the portal refused, when the listing shows the refusal:
// the dealer's values and the portal's words are there to fix, and nothing was lost.
import { useEffect, useRef } from 'react';
import type { PendingEditView } from './listingEditChannels';

export function useReopenOnRefusal(edit: PendingEditView | null, open: () => void): void {
  const shown = useRef(new Set<number>());
  const refusedId = edit?.status === 'refused' ? edit.changeId : null;
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (refusedId === null || shown.current.has(refusedId)) return;
    shown.current.add(refusedId);
    openRef.current();
  }, [refusedId]);
}
