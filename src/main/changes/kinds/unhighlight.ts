// Remove the highlight: confirmed by a read that shows the listing not highlighted.
import type { ChangeKind } from '../kind';
import { noPayload, PUBLICATION_SLOT, type NoPayload } from './publication';

export const unhighlight: ChangeKind<NoPayload> = {
  name: 'unhighlight',
  payload: noPayload,
  slot: PUBLICATION_SLOT,
  target: () => ({ highlighted: false }),
  send: (portal, reference, _payload, signal) => portal.setHighlighted(reference, false, { signal }),
  queueJob: 'UPDATE_VEHICLE_PUBLICATION',
  room: null,
  refusedReason: 'highlightRefused',
  notApplied: true,
  already: 'publication.alreadyNotHighlighted',
};
