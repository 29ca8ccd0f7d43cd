// Publish again: it takes a listing slot of the plan until a read shows the listing on the portal.
import type { ChangeKind } from '../kind';
import { noPayload, PUBLICATION_SLOT, type NoPayload } from './publication';

export const publish: ChangeKind<NoPayload> = {
  name: 'publish',
  payload: noPayload,
  slot: PUBLICATION_SLOT,
  target: () => ({ published: true }),
  send: (portal, reference, _payload, signal) => portal.publish(reference, { signal }),
  queueJob: 'PUBLISH_VEHICLE',
  room: 'listings',
  refusedReason: 'publishRefused',
  notApplied: true,
  already: 'publication.alreadyOn',
};
