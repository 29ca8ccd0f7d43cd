// Editing a listing, as the dealer asks it (the app's form, `showroom edit`): the fields are checked
// by the shared schema, and the listing the edit makes by every rule between fields, before anything
// is saved; then the edit is saved in the ledger (durably) and delivered (changes/deliver.ts) at once
// when the portal answers, else at the next sync. A held edit (a conflict) waits for the dealer's
// choice (`resolve`), then goes like any other.
import { codedError } from '../../shared/i18n/messages';
import { listingEditSchema, parseListingWrite, type ListingEdit } from '../../shared/listing-write';
import { writeValuesOf } from '../../shared/listing-write-read';
import type { EditOutcome, ResolveChoice } from '../../shared/pending-changes';
import type { PriceOrigin } from '../../shared/price-history';
import type { PendingChange } from '../cache';
import type { Delivery, DeliveryDeps } from '../changes/deliver';
import { openEdit, photosToSendAgain } from '../changes/edit-view';
import { EDIT_KIND, editBody, savedEdit } from '../changes/kinds/edit';
import { createChanges } from '../changes/ledger';
import { said, sendNow, type SendWords } from '../changes/send-now';

export interface EditsDeps extends DeliveryDeps {
  delivery: Delivery;
}

const EDIT_WORDS: SendWords = { sent: 'edit.sent', saved: 'edit.saved' };

export type Edits = ReturnType<typeof createEdits>;

export interface EditOptions {
  signal?: AbortSignal;
  /**
   * Once the edit is saved (durable), before it is sent: the list and the detail can show it at
   * once, where a send offline takes its retries' time (seconds) to give up.
   */
  onSaved?: () => void;
  /** Where a price set by this edit comes from, for the listing's price history (the app unless said). */
  origin?: PriceOrigin;
}

export function createEdits(deps: EditsDeps) {
  const { cache, delivery } = deps;
  const changes = createChanges(cache);

  function listingOf(reference: string) {
    const detail = cache.getVehicle(reference);
    if (detail === null) throw codedError('not_found', { code: 'edit.notInInventory', params: { reference } });
    return detail;
  }

  const sendEdit = (change: PendingChange, signal: AbortSignal) => sendNow(delivery, change, signal, EDIT_WORDS);

  /**
   * Saves the dealer's changed fields (a second edit before sending joins the first), then sends
   * it when the portal answers. Bad values, or a listing the edit would leave against the portal's
   * rules: bad_input naming every field (detail.fields), and nothing saved.
   */
  async function edit(reference: string, fields: unknown, options: EditOptions = {}): Promise<EditOutcome> {
    const detail = listingOf(reference);
    const asked = parseListingWrite(listingEditSchema, fields);
    // The listing this makes, checked whole (a plate for a used vehicle, doors for a car…), with the edits already open.
    const open = (cache.ledger.openOf([reference]).get(reference) ?? [])
      .filter((c) => c.kind === EDIT_KIND && c.status !== 'discarded')
      .map((c) => savedEdit(c.payload));
    const all: ListingEdit[] = [...open, asked];
    const typed = [...all].reverse().find((e) => e.videoUrl !== undefined)?.videoUrl;
    editBody(reference, writeValuesOf(detail.vehicle), all, typed === undefined ? cache.extras.videoOf(reference) : typed);
    // A price the dealer sets joins the listing's price history with the edit, in one step.
    const change = cache.transaction(() => {
      const saved = changes.save(EDIT_KIND, reference, asked, { merge: !delivery.isSending(reference) });
      if (asked.value !== undefined) cache.prices.recordSet(reference, asked.value, options.origin ?? 'app', saved.id);
      return saved;
    });
    options.onSaved?.();
    return sendEdit(change, options.signal ?? new AbortController().signal);
  }

  /** Sends again every photo of the listing Showroom sent (the portal rejected some): one edit of its pictures. */
  async function photosAgain(reference: string, options: { signal?: AbortSignal } = {}): Promise<EditOutcome> {
    const detail = listingOf(reference);
    if (detail.rejectedPhotoPositions.length === 0) throw codedError('bad_input', { code: 'edit.noRejectedPhotos', params: { reference } });
    const sources = photosToSendAgain(cache, reference, detail.vehicle);
    if (sources === null) throw codedError('bad_input', { code: 'edit.noPhotosAgain', params: { reference } });
    return edit(reference, { pictures: sources.map((source) => ({ source })) }, options);
  }

  /** Listings whose rejected photos Showroom can send again (it sent them). */
  function photosAgainCandidates(): string[] {
    return cache.extras.withSentPictures().filter((reference) => {
      const detail = cache.getVehicle(reference);
      return detail !== null && photosToSendAgain(cache, reference, detail.vehicle) !== null;
    });
  }

  /** The dealer's choice on a listing's held edit; once nothing is left to choose it is sent like any other. */
  async function resolve(reference: string, choice: ResolveChoice, options: { signal?: AbortSignal } = {}): Promise<EditOutcome> {
    const held = openEdit(cache, reference);
    if (held === null || held.conflict === null) throw codedError('bad_input', { code: 'ledger.noConflict', params: { target: reference } });
    const resolved = changes.resolve(held.id, choice.keep, choice.field);
    if (resolved.status === 'discarded') return { reference, changeId: resolved.id, outcome: 'sent', ...said('edit.already') };
    if (resolved.conflict !== null) return { reference, changeId: resolved.id, outcome: 'held', ...said('ledger.held') };
    return sendEdit(resolved, options.signal ?? new AbortController().signal);
  }

  return { edit, photosAgain, photosAgainCandidates, resolve };
}
