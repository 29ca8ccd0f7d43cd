// A new listing: the whole write shape (shared/listing-write.ts), sent once with POST /vehicles.
// The portal queues it (202, CREATE_VEHICLE) and answers 202 to reads of it until it exists; a send
// cut short is never repeated blindly (changes/deliver.ts reads the reference first). A read that
// shows the listing confirms it. The portal publishes a new listing at once when the plan has a free
// slot, otherwise it stores it off the portal (portal-notes.md): found off, the listing is marked
// off by the plan, so the detail says why and offers to publish it again.
import { listingWriteSchema, type ListingWrite } from '../../../shared/listing-write';
import type { ChangeKind } from '../kind';

export const CREATE_KIND = 'create';

export const create: ChangeKind<ListingWrite> = {
  name: CREATE_KIND,
  payload: listingWriteSchema,
  slot: CREATE_KIND,
  // Nothing of the facts to compare: being read at all is the proof.
  target: () => ({}),
  shows: (payload, listing) => listing.reference === payload.reference,
  // A draft saved again (or a refused one corrected) is replaced whole: the form always sends every field.
  merge: (_earlier, later) => later,
  send: async (portal, _reference, payload, signal, { cache }) => {
    // Reads never return these: only Showroom knows the photo addresses and the video link it sent.
    cache.extras.rememberSent(
      payload.reference,
      payload.pictures.map((p) => p.source),
    );
    const answer = await portal.createVehicle(payload, { signal });
    if (payload.videoUrl !== undefined) cache.extras.setVideo(payload.reference, payload.videoUrl);
    return answer;
  },
  confirmed: (reference, cache) => {
    if (cache.vehicles.factsOf(reference)?.published === false) cache.vehicles.markOffByPlan(reference);
  },
  creates: true,
  queueJob: 'CREATE_VEHICLE',
  // The portal decides whether it is published: a create is never held back for want of a slot.
  room: null,
  refusedReason: 'createRefused',
  notApplied: true,
  already: 'create.already',
};
