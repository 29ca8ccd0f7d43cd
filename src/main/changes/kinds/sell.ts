// Mark as sold: DELETE /vehicles/:reference. The portal deletes the listing (and so takes it off);
// Showroom keeps it, with its last data and the sale's date, in the Sold view. Until it is sent the
// dealer can take it back; once accepted, a read that no longer finds the listing confirms it.
import type { ChangeKind } from '../kind';
import { noPayload, type NoPayload } from './publication';

import { SELL_KIND } from '../../../shared/sold';

export { SELL_KIND };

export const sell: ChangeKind<NoPayload> = {
  name: SELL_KIND,
  payload: noPayload,
  slot: SELL_KIND,
  target: () => ({}),
  // A listing still read is never the sale done: only its absence is (`leaves`).
  shows: () => false,
  send: (portal, reference, _payload, signal) => portal.deleteVehicle(reference, { signal }),
  queueJob: 'DELETE_VEHICLE',
  room: null,
  refusedReason: 'sellRefused',
  notApplied: true,
  already: 'sold.already',
  leaves: 'sold',
};
