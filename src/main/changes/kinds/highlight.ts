// Highlight: it takes a highlight of the plan until a read shows the listing highlighted.
import type { ChangeKind } from '../kind';
import { noPayload, PUBLICATION_SLOT, type NoPayload } from './publication';

export const highlight: ChangeKind<NoPayload> = {
  name: 'highlight',
  payload: noPayload,
  slot: PUBLICATION_SLOT,
  target: () => ({ published: true, highlighted: true }),
  send: (portal, reference, _payload, signal) => portal.setHighlighted(reference, true, { signal }),
  queueJob: 'UPDATE_VEHICLE_PUBLICATION',
  room: 'highlights',
  refusedReason: 'highlightRefused',
  notApplied: true,
  already: 'publication.alreadyHighlighted',
};
