// A listing's open edit as the dealer sees it: each field they changed, their value beside the
// portal's, and what waits for them (a conflict to choose, a refusal in the portal's words).
import { writeValuesOf } from '../../shared/listing-write-read';
import { DISCARDABLE, type ListingExtrasView, type PendingEditView } from '../../shared/pending-changes';
import { rejectedPicturePositions, type Vehicle } from '../../shared/vehicle';
import type { Cache, PendingChange } from '../cache';
import { EDIT_KIND, editedFields, savedEdit } from './kinds/edit';

/** The listing's latest open edit, or null. */
export function openEdit(cache: Cache, reference: string): PendingChange | null {
  const open = cache.ledger.openOf([reference]).get(reference) ?? [];
  return open.filter((c) => c.kind === EDIT_KIND && c.status !== 'discarded').at(-1) ?? null;
}

export function pendingEditView(change: PendingChange, listing: Vehicle | null): PendingEditView {
  const edit = savedEdit(change.payload);
  const portal = listing === null ? {} : writeValuesOf(listing);
  return {
    changeId: change.id,
    status: change.status,
    held: change.conflict !== null,
    fields: editedFields(edit).map((field) => {
      const conflict = change.conflict?.[field];
      return {
        field,
        mine: edit[field] ?? null,
        portal: portal[field] ?? null,
        conflict: conflict === undefined ? null : { portal: conflict.portal, original: conflict.original },
        refusal: change.refusedFields?.[field] ?? null,
      };
    }),
    error: change.status === 'refused' ? change.lastError : null,
    checks: change.status === 'refused' ? change.checks : null,
    discardable: DISCARDABLE.includes(change.status),
  };
}

/** The photo addresses Showroom last sent for the listing, when they cover every position its read shows (gaps included). */
export function photosToSendAgain(cache: Cache, reference: string, listing: Vehicle): string[] | null {
  const gaps = rejectedPicturePositions(listing.pictures);
  if (gaps.length === 0) return null;
  const sent = cache.extras.sentPictures(reference);
  const last = Math.max(...(listing.pictures ?? []).map((p) => p.order), ...gaps);
  return sent.length >= last && sent.length > 0 ? sent : null;
}

export function listingExtrasView(cache: Cache, reference: string, listing: Vehicle): ListingExtrasView {
  return { canSendPhotosAgain: photosToSendAgain(cache, reference, listing) !== null, videoUrl: cache.extras.videoOf(reference) };
}
