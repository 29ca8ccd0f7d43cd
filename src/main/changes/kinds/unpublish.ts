// Unpublish: DELETE /publications/:reference. Once the portal accepted it the listing shows as on
// its way off ('pending') until a read finds it off; it takes no room in the plan.
import type { ChangeKind } from '../kind';
import { noPayload, type NoPayload } from './publication';

export const unpublish: ChangeKind<NoPayload> = {
  name: 'unpublish',
  payload: noPayload,
  slot: 'unpublish',
  target: () => ({ published: false }),
  overlay: () => ({ statuses: ['sent'], fields: { portal: 'pending' } }),
  send: (portal, reference, _payload, signal) => portal.unpublish(reference, { signal }),
  queueJob: 'UNPUBLISH_VEHICLE',
  room: null,
  refusedReason: 'unpublishRefused',
  notApplied: false,
  already: 'publication.alreadyOff',
};
