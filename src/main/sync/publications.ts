// Publication requests — unpublish, publish again, highlight on or off — as the dealer asks them:
// what needs no request is answered here (already so, already on its way), what the plan has no
// room for is not sent (the portal would refuse it) and said so, and the rest is saved in the
// pending-change ledger first (durably), then delivered (changes/deliver.ts): now when the portal
// answers, otherwise at the next sync. It stays pending until a read confirms it.
import { marksOffline } from '../../shared/error-policy';
import type { MessageParams } from '../../shared/errors';
import { renderMessage, type MessageCode, type SectionKey } from '../../shared/i18n/messages';
import { UNSENT } from '../../shared/pending-changes';
import type { PublicationAction, PublicationOutcome } from '../../shared/views';
import type { PendingChange } from '../cache';
import { reached } from '../changes/kind';
import { createChanges } from '../changes/ledger';
import { createDelivery, errorOf, type DeliveryDeps, type Said, type Sent } from '../changes/deliver';
import { changeKind, findChangeKind } from '../changes/registry';
import { forEachLimit } from '../base/pool';
import { publicationRoom } from './room';

export type PublicationsDeps = DeliveryDeps;
export type { FlushResult } from '../changes/deliver';

/** A dictionary text, in English for logs and --json, with its code for whoever shows it. */
function saidCode(code: MessageCode, params?: MessageParams): Said & { code: string } {
  return { message: renderMessage('en', code, params), code, ...(params === undefined ? {} : { params }) };
}

/** One of the `codes.publication` texts. */
const said = (key: SectionKey<'publication'>, params?: MessageParams): Said & { code: string } => saidCode(`publication.${key}`, params);

/** The text alone of what the portal said, with its code when it has one. */
function textOf(said: Said): Said {
  return { message: said.message, ...(said.code === undefined ? {} : { code: said.code }), ...(said.params === undefined ? {} : { params: said.params }) };
}

/** Queued, and why it was not sent now: the reason is kept in the English text (logs, --json) only. */
function queuedBecause(reason: string): Said {
  const queued = said('queued');
  return { ...queued, message: `${queued.message} (${reason})` };
}

export function createPublications(deps: PublicationsDeps) {
  const { cache } = deps;
  const delivery = createDelivery(deps);
  const changes = createChanges(cache);

  /** What to say without sending, or null when it must be asked of the portal. */
  function answeredHere(action: PublicationAction, reference: string, open: Map<string, PendingChange[]>): PublicationOutcome | null {
    const vehicle = cache.getVehicle(reference);
    if (!vehicle) return { reference, outcome: 'not_found', ...said('notInInventory') };
    const row = vehicle.row;
    const kind = changeKind(action);
    // The latest open change of the kind's slot stands (a newer one replaces what an older one asked).
    const latest = open
      .get(reference)
      ?.filter((c) => findChangeKind(c.kind)?.slot === kind.slot)
      .at(-1);
    const unsent = latest?.kind === action && UNSENT.includes(latest.status);
    if (action === 'unpublish') {
      if (row.portal === 'off') return { reference, outcome: 'sent', ...saidCode(kind.already) };
      if (row.portal === 'pending' || delivery.isSending(reference)) return { reference, outcome: 'sent', ...said('alreadyPending') };
      if (unsent) return { reference, outcome: 'queued', ...said('queued') };
      return null;
    }
    const facts = { published: row.portal !== 'off', highlighted: row.highlighted, value: row.price, mileage: row.mileage };
    if (reached(kind.target({}), facts)) return { reference, outcome: 'sent', ...saidCode(kind.already) };
    if (action === 'highlight' && row.portal === 'off') return { reference, outcome: 'refused', ...said('notOnPortal') };
    // Accepted but not applied (ledger-store.ts, NOT_APPLIED_AFTER_MS): asking again sends it again.
    const awaited = latest?.kind === action && latest.status === 'sent';
    if (delivery.isSending(reference) || awaited) return { reference, outcome: 'sent', ...said('alreadyPending') };
    if (unsent) return { reference, outcome: 'queued', ...said('queued') };
    return null;
  }

  /** Sent now when the portal answers, saved in the ledger otherwise; one outcome per reference, in order. */
  async function request(action: PublicationAction, references: string[], options: { signal?: AbortSignal } = {}): Promise<PublicationOutcome[]> {
    const unique = [...new Set(references)];
    const outcomes = new Map<string, PublicationOutcome>();
    const open = cache.ledger.openOf(unique);
    const toSend: string[] = [];
    for (const reference of unique) {
      const answer = answeredHere(action, reference, open);
      if (answer) outcomes.set(reference, answer);
      else toSend.push(reference);
    }
    // The plan's room, counting what is already on its way: what does not fit is not sent.
    const takes = changeKind(action).room;
    const room = takes && publicationRoom(cache)[takes];
    if (room && toSend.length > room.left) {
      const needed = toSend.length;
      for (const reference of toSend.splice(Math.max(0, room.left))) {
        outcomes.set(reference, {
          reference,
          outcome: 'no_room',
          ...said(takes === 'listings' ? 'noListingRoom' : 'noHighlightRoom', { left: room.left, needed, limit: room.limit }),
        });
      }
    }
    // The dealer's intent first, on disk, before any request: a crash from here on loses nothing.
    const saved = cache.transaction(() => toSend.map((reference) => changes.save(action, reference, {})));
    // Once the portal is unreachable, the rest stay in the ledger instead of each waiting out its retries.
    let unreachable: Said | undefined;
    const signal = options.signal ?? new AbortController().signal;
    await forEachLimit(
      saved,
      deps.concurrency,
      async (change) => {
        const { reference } = change;
        if (unreachable !== undefined || signal.aborted) {
          const why = unreachable ?? saidCode('portal.cancelled');
          cache.ledger.markFailed(change.id, errorOf(why), false);
          outcomes.set(reference, { reference, outcome: 'queued', ...queuedBecause(why.message) });
          return;
        }
        const result = await delivery.deliver(change, signal);
        delivery.settle(change, result);
        outcomes.set(reference, outcomeOf(reference, result));
        if (result.kind === 'later' && marksOffline(result.errorKind)) unreachable ??= result;
      },
      // Cancelling the dealer's request does not lose it: what was not sent stays queued (above).
      new AbortController().signal,
    );
    return unique.map((r) => outcomes.get(r) ?? { reference: r, outcome: 'queued', ...said('queued') });
  }

  /** What the portal said, the dealer's way. */
  function outcomeOf(reference: string, result: Sent): PublicationOutcome {
    switch (result.kind) {
      case 'accepted':
        return { reference, outcome: 'sent', ...said('sent') };
      case 'refused':
      case 'unchecked':
        return { reference, outcome: 'refused', ...textOf(result) };
      case 'not_found':
        return { reference, outcome: 'not_found', ...textOf(result) };
      case 'later':
        return { reference, outcome: 'queued', ...queuedBecause(result.message) };
      case 'discarded':
        return { reference, outcome: 'queued', ...saidCode('ledger.discarded') };
      // Only an edit is held (a publication request has no conflict): it waits, as a queued one does.
      case 'held':
        return { reference, outcome: 'queued', ...saidCode('ledger.held') };
    }
  }

  return { request, flush: delivery.flush, delivery };
}
