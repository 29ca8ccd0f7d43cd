// New listings, as the dealer asks them (the app's form, `showroom create`): checked whole by the
// shared schema and their reference against the inventory and the other new listings before
// anything is saved; then saved in the ledger (durably, a draft while offline) and sent at once when
// the portal answers, else at the next sync. A draft or a refused one saved again is replaced.
import { listingWriteError, listingWriteSchema, parseListingWrite } from '../../shared/listing-write';
import type { EditOutcome, NewListingState, NewListingView } from '../../shared/pending-changes';
import { DISCARDABLE, UNSENT } from '../../shared/pending-changes';
import type { PendingChange } from '../cache';
import type { Delivery, DeliveryDeps } from '../changes/deliver';
import { CREATE_KIND } from '../changes/kinds/create';
import { createChanges } from '../changes/ledger';
import { sendNow } from '../changes/send-now';

export interface CreatesDeps extends DeliveryDeps {
  delivery: Delivery;
}

export interface CreateOptions {
  /** The draft (or refused new listing) this replaces: its id. */
  replaces?: number;
  signal?: AbortSignal;
}

/** A draft (a send cut short included: the portal is read before it goes again), or a refusal to correct: what a new save replaces. */
const REPLACEABLE = new Set<PendingChange['status']>([...UNSENT, 'refused']);

function stateOf(change: PendingChange): NewListingState {
  if (change.status === 'refused') return 'refused';
  return UNSENT.includes(change.status) ? 'draft' : 'creating';
}

export type Creates = ReturnType<typeof createCreates>;

export function createCreates(deps: CreatesDeps) {
  const { cache, delivery } = deps;
  const changes = createChanges(cache);

  const open = (): PendingChange[] => cache.ledger.open().filter((c) => c.kind === CREATE_KIND && c.status !== 'discarded');

  /** A listing of the inventory, or another new listing, has it already. */
  function referenceTaken(reference: string, replaces: number | undefined): boolean {
    if (cache.vehicles.has(reference)) return true;
    const key = reference.toLowerCase();
    // The one being replaced does not count, while it can still be replaced (not on its way).
    return open().some((c) => c.reference.toLowerCase() === key && !(c.id === replaces && REPLACEABLE.has(c.status)));
  }

  /**
   * Saves a new listing (every field of the write shape), then sends it when the portal answers.
   * Bad values or a reference already taken: bad_input naming every field (detail.fields), and nothing saved.
   */
  async function create(fields: unknown, options: CreateOptions = {}): Promise<EditOutcome> {
    const listing = parseListingWrite(listingWriteSchema, fields);
    if (referenceTaken(listing.reference, options.replaces))
      throw listingWriteError([{ field: 'reference', code: 'listingWrite.referenceTaken', params: { reference: listing.reference } }]);
    const earlier = options.replaces === undefined ? null : cache.ledger.get(options.replaces);
    const change = cache.transaction(() => {
      // A draft whose reference the dealer changed is another listing: the old one goes.
      if (earlier !== null && earlier.kind === CREATE_KIND && earlier.reference !== listing.reference && REPLACEABLE.has(earlier.status))
        if (!cache.ledger.discard(earlier.id)) cache.ledger.close(earlier.id);
      return changes.save(CREATE_KIND, listing.reference, listing, { merge: !delivery.isSending(listing.reference) });
    });
    return sendNow(delivery, change, options.signal ?? new AbortController().signal, { sent: 'create.sent', saved: 'create.saved' });
  }

  /** The new listings not on the portal yet, oldest first. */
  function list(): NewListingView[] {
    return open().map((c) => ({
      changeId: c.id,
      reference: c.reference,
      state: stateOf(c),
      status: c.status,
      createdAt: c.createdAt,
      listing: c.payload as Record<string, unknown>,
      error: c.status === 'refused' ? c.lastError : null,
      refusals: c.refusedFields ?? {},
      checks: c.status === 'refused' ? c.checks : null,
      discardable: DISCARDABLE.includes(c.status),
    }));
  }

  return { create, list };
}
