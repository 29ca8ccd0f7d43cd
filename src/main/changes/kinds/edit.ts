// Edit a listing: the dealer's changed fields (shared/listing-write.ts), sent with
// PUT /vehicles/:reference. The PUT replaces every field, so the body is never built from the
// cached copy: the listing is read just before (GET /vehicles/:reference), and the body is that
// latest listing with the dealer's fields over it (design.md, "Changes the dealer makes"). A field
// the portal changed since the edit's base to another value than the dealer's is a conflict: the
// change is held, with mine / portal / original, and never sent until the dealer chose.
import { codedError } from '../../../shared/i18n/messages';
import {
  EDITABLE_FIELDS,
  listingEditSchema,
  listingWriteSchema,
  parseListingWrite,
  type EditableField,
  type ListingEdit,
  type ListingWrite,
} from '../../../shared/listing-write';
import { readShows, sameWriteValue, writeValuesOf, type WriteValues } from '../../../shared/listing-write-read';
import type { OverlayFields } from '../../../shared/pending-changes';
import type { ChangeConflict, FieldConflict, PendingChange } from '../../cache';
import type { PortalClient } from '../../portal';
import type { ChangeKind, Held, SendContext } from '../kind';

export const EDIT_KIND = 'edit';

/** The fields an edit changes, in the write shape's order. */
export function editedFields(edit: ListingEdit): EditableField[] {
  return EDITABLE_FIELDS.filter((f) => edit[f] !== undefined);
}

/**
 * An open edit's fields as saved, even when they fail today's rules (saved under an older one): the
 * form opens on them and the dealer's fix goes over them; the body built with them is checked whole.
 */
export function savedEdit(payload: unknown): ListingEdit {
  const parsed = listingEditSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const saved = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  return Object.fromEntries(EDITABLE_FIELDS.filter((f) => saved[f] !== undefined).map((f) => [f, saved[f]]));
}

/** What the list, its filters and its sort read of an edit (shared/pending-changes.ts). */
function overlayFields(edit: ListingEdit): Partial<OverlayFields> {
  const fields: Partial<OverlayFields> = {};
  if (edit.value !== undefined) fields.value = edit.value;
  if (edit.mileage !== undefined) fields.mileage = edit.mileage;
  if (edit.title !== undefined) fields.title = edit.title === null || edit.title === '' ? null : edit.title;
  if (edit.color !== undefined) fields.color = edit.color;
  if (edit.fuel !== undefined) fields.fuel = edit.fuel;
  if (edit.gearbox !== undefined) fields.gearbox = edit.gearbox;
  if (edit.manufacturedYear !== undefined) fields.manufacturedYear = edit.manufacturedYear;
  if (edit.modelYear !== undefined && edit.modelYear !== null) fields.modelYear = edit.modelYear;
  if (edit.licensePlate !== undefined) fields.plate = edit.licensePlate;
  return fields;
}

/** Earlier edits of the listing the portal accepted (or may have: a send cut short) and no read confirmed: the body carries their fields too. */
function onTheirWay(change: PendingChange, context: SendContext): ListingEdit[] {
  const open = context.cache.ledger.openOf([change.reference]).get(change.reference) ?? [];
  return open
    .filter((c) => c.kind === EDIT_KIND && c.id < change.id && (c.status === 'sent' || c.status === 'sending' || c.status === 'not_applied'))
    .map((c) => listingEditSchema.parse(c.payload));
}

/** The fields changed on the portal since the edit's base to another value than the dealer's (a value an earlier edit of ours sent is ours). */
export function conflictsOf(edit: ListingEdit, base: Readonly<Record<string, unknown>>, portal: WriteValues, ours: readonly ListingEdit[]): ChangeConflict {
  const out: Record<string, FieldConflict> = {};
  for (const field of editedFields(edit)) {
    if (field === 'videoUrl' || !(field in base)) continue;
    const original = base[field] ?? null;
    const now = portal[field] ?? null;
    const mine = edit[field];
    if (sameWriteValue(field, original, now) || sameWriteValue(field, now, mine)) continue;
    if (ours.some((earlier) => earlier[field] !== undefined && sameWriteValue(field, earlier[field], now))) continue;
    out[field] = { mine, portal: now, original };
  }
  return out;
}

/** The PUT's body: the latest listing, then what earlier edits of ours sent, then the dealer's fields (an emptied one left out). */
export function editBody(reference: string, latest: WriteValues, edits: readonly ListingEdit[], videoUrl: string | null): ListingWrite {
  const body: Record<string, unknown> = { reference, ...latest };
  for (const edit of edits) for (const field of editedFields(edit)) body[field] = edit[field];
  if (videoUrl === null) delete body.videoUrl;
  else body.videoUrl = videoUrl;
  return parseListingWrite(listingWriteSchema, body);
}

async function send(portal: PortalClient, reference: string, edit: ListingEdit, signal: AbortSignal, context: SendContext): Promise<unknown> {
  const read = await portal.getVehicle(reference, { signal });
  // Still only in the portal's queue (a listing being created): nothing to build a full body from yet.
  if (read.status !== 'found') throw codedError('server', { code: 'edit.listingQueued', params: { reference } });
  const latest = writeValuesOf(read.vehicle.vehicle);
  const ours = onTheirWay(context.change, context);
  const conflict = conflictsOf(edit, context.change.base, latest, ours);
  if (Object.keys(conflict).length > 0) return { held: conflict } satisfies Held;
  // Reads never return the video link: the one typed here (this edit's, an earlier one's, or kept) goes again, or none.
  const typed = [...ours, edit].reverse().find((e) => e.videoUrl !== undefined)?.videoUrl;
  const videoUrl = typed === undefined ? context.cache.extras.videoOf(reference) : typed;
  const body = editBody(reference, latest, [...ours, edit], videoUrl);
  context.cache.extras.rememberSent(
    reference,
    body.pictures.map((p) => p.source),
  );
  const answer = await portal.replaceVehicle(reference, body, { signal });
  if (edit.videoUrl !== undefined) context.cache.extras.setVideo(reference, edit.videoUrl);
  return answer;
}

export const edit: ChangeKind<ListingEdit> = {
  name: EDIT_KIND,
  payload: listingEditSchema,
  slot: EDIT_KIND,
  base: (_facts, listing, payload) => {
    const values = listing === null ? {} : writeValuesOf(listing);
    return Object.fromEntries(editedFields(payload).map((f) => [f, values[f] ?? null]));
  },
  // An edit's fields are not among the facts: `shows` reads the whole listing.
  target: () => ({}),
  shows: (payload, listing) => editedFields(payload).every((f) => readShows(f, payload[f], listing)),
  merge: (earlier, later) => ({ ...earlier, ...later }),
  // Refused too: what the dealer typed stays shown (and editable) until they change it or take it back.
  overlay: (payload) => ({ statuses: ['pending', 'sending', 'sent', 'refused'], fields: overlayFields(payload) }),
  send,
  queueJob: 'UPDATE_VEHICLE',
  room: null,
  refusedReason: 'editRefused',
  notApplied: true,
  already: 'edit.already',
};
