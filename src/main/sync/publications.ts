// Publication requests — unpublish, publish again, highlight on or off: the dealer's intent is
// written to the outbox first (durably), then delivered: now when the portal answers, otherwise at
// the next sync. The portal queues the change (202), so the request is pending until a read shows
// the listing as asked (an unpublish on the listing's row; the others in the outbox, confirmed by
// the sync's commit). A send cut short (the process killed before the answer) is not sent blindly
// again: the listing is read first, and if the portal already has it (the state asked for, or the
// job in its queue) it is not sent twice. Publish and highlight take room in the plan: what the
// plan has no room for is not sent (the portal would refuse it), and said so.
import { marksOffline, policyOf, stopsBatch } from '../../shared/error-policy';
import { AppError, isAppError, type ErrorKind, type MessageParams } from '../../shared/errors';
import { codedError, renderMessage, type SectionKey } from '../../shared/i18n/messages';
import type { PublicationAction, PublicationOutcome } from '../../shared/views';
import { requestReached, type Cache, type OpenRequest, type OutboxEntry } from '../cache';
import type { PortalClient } from '../portal';
import { forEachLimit } from './pool';
import { publicationRoom } from './room';

/** How each request is sent and known in the portal's queue, and what it takes from the plan. */
interface ActionSpec {
  send(portal: PortalClient, reference: string, signal: AbortSignal): Promise<unknown>;
  /** The portal queue's message type for it (x-status-queue). */
  job: string;
  /** Said when the listing is in that state already. */
  already: SectionKey<'publication'>;
  /** Which room in the plan it takes, if any. */
  takes: 'listings' | 'highlights' | null;
}

const ACTIONS: Record<PublicationAction, ActionSpec> = {
  unpublish: { send: (p, r, signal) => p.unpublish(r, { signal }), job: 'UNPUBLISH_VEHICLE', already: 'alreadyOff', takes: null },
  publish: { send: (p, r, signal) => p.publish(r, { signal }), job: 'PUBLISH_VEHICLE', already: 'alreadyOn', takes: 'listings' },
  highlight: {
    send: (p, r, signal) => p.setHighlighted(r, true, { signal }),
    job: 'UPDATE_VEHICLE_PUBLICATION',
    already: 'alreadyHighlighted',
    takes: 'highlights',
  },
  unhighlight: {
    send: (p, r, signal) => p.setHighlighted(r, false, { signal }),
    job: 'UPDATE_VEHICLE_PUBLICATION',
    already: 'alreadyNotHighlighted',
    takes: null,
  },
};

export interface PublicationsDeps {
  cache: Cache;
  portal: PortalClient;
  /** Runs one portal call and notes what it says about connectivity. */
  call<T>(fn: () => Promise<T>): Promise<T>;
  concurrency: number;
}

/** A text for the dealer: English, with its dictionary code when it has one. */
interface Said {
  message: string;
  code?: string;
  params?: MessageParams;
}

type Sent =
  | { kind: 'accepted' }
  | ({ kind: 'refused' } & Said)
  | ({ kind: 'not_found' } & Said)
  /** Not sent (offline, server trouble, token refused…): it stays in the outbox. */
  | ({ kind: 'later'; errorKind: ErrorKind } & Said);

/** One of the `codes.publication` texts. */
function said(key: SectionKey<'publication'>, params?: MessageParams): Said & { code: string } {
  const code = `publication.${key}` as const;
  return { message: renderMessage('en', code, params), code, ...(params === undefined ? {} : { params }) };
}

/** Queued, and why it was not sent now: the reason is kept in the English text (logs, --json) only. */
function queuedBecause(reason: string): Said {
  const queued = said('queued');
  return { ...queued, message: `${queued.message} (${reason})` };
}

/** The text alone (of a Sent, or an error), with its code when it has one. */
function saidOf(said: Said): Said {
  return { message: said.message, ...(said.code === undefined ? {} : { code: said.code }), ...(said.params === undefined ? {} : { params: said.params }) };
}

/** What a flush of the outbox sent and what the portal refused, by kind of request. */
export interface FlushResult {
  sent: Record<PublicationAction, number>;
  failed: Record<PublicationAction, number>;
  remaining: number;
}

const byAction = (): Record<PublicationAction, number> => ({ unpublish: 0, publish: 0, highlight: 0, unhighlight: 0 });

export function createPublications(deps: PublicationsDeps) {
  const { cache, portal } = deps;
  /** References being sent right now (an unpublish and an outbox flush never send one twice). */
  const sending = new Set<string>();

  /** Runs one portal call and says what came of it the outbox's way. */
  async function attempt(fn: () => Promise<unknown>): Promise<Sent> {
    try {
      await deps.call(fn);
      return { kind: 'accepted' };
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.kind === 'validation') return { kind: 'refused', ...saidOf(error) };
      if (error.kind === 'not_found') return { kind: 'not_found', ...saidOf(error) };
      return { kind: 'later', errorKind: error.kind, ...saidOf(error) };
    }
  }

  /** After an interrupted send: does the portal already have it? (`accepted` when it does, null when it must be sent.) */
  async function alreadyReceived(entry: OutboxEntry, signal: AbortSignal): Promise<Sent | null> {
    const spec = ACTIONS[entry.kind];
    let received = false as boolean; // set by the call below (TS would narrow it to false)
    const read = await attempt(async () => {
      const answer = await portal.getVehicle(entry.reference, { signal });
      const queued = answer.queue.jobs.some((job) => job.messageType === spec.job);
      const publication = answer.status === 'found' ? answer.vehicle.vehicle.publication : undefined;
      received =
        queued ||
        (publication !== undefined && requestReached(entry.kind, { published: publication !== null, highlighted: publication?.highlighted === true }));
    });
    if (read.kind !== 'accepted') return read;
    return received ? { kind: 'accepted' } : null;
  }

  /** Delivers one outbox entry: checked first when an earlier send of it was cut short. */
  async function deliver(entry: OutboxEntry, signal: AbortSignal): Promise<Sent> {
    sending.add(entry.reference);
    try {
      if (entry.sendingSince !== null) {
        const known = await alreadyReceived(entry, signal);
        if (known) return known;
      }
      cache.outbox.markSending(entry.id);
      return await attempt(() => ACTIONS[entry.kind].send(portal, entry.reference, signal));
    } finally {
      sending.delete(entry.reference);
    }
  }

  /** Writes down what came of an entry's delivery (both files: the outbox and, for an unpublish, the listing). */
  function settle(entry: OutboxEntry, result: Sent): void {
    const onRow = entry.kind === 'unpublish';
    switch (result.kind) {
      case 'accepted':
        cache.transaction(() => {
          cache.outbox.markSent(entry.id);
          if (onRow) cache.vehicles.markUnpublishPending(entry.reference);
        });
        return;
      case 'refused':
        cache.transaction(() => {
          cache.outbox.markFailed(entry.id, result.message, true);
          if (onRow) cache.vehicles.markUnpublishRefused(entry.reference, result.message);
        });
        return;
      case 'not_found':
        cache.outbox.markFailed(entry.id, result.message, true);
        return;
      case 'later':
        cache.outbox.markFailed(entry.id, result.message, false, policyOf(result.errorKind).unanswered);
        return;
    }
  }

  /** What to say without sending, or null when it must be asked of the portal. */
  function answeredHere(action: PublicationAction, reference: string, open: Map<string, OpenRequest>): PublicationOutcome | null {
    const vehicle = cache.getVehicle(reference);
    if (!vehicle) return { reference, outcome: 'not_found', ...said('notInInventory') };
    const row = vehicle.row;
    const spec = ACTIONS[action];
    if (action === 'unpublish') {
      if (row.portal === 'off') return { reference, outcome: 'sent', ...said('alreadyOff') };
      if (row.portal === 'pending' || sending.has(reference)) return { reference, outcome: 'sent', ...said('alreadyPending') };
      if (cache.outbox.queuedUnpublishes([reference]).has(reference)) return { reference, outcome: 'queued', ...said('queued') };
      return null;
    }
    if (requestReached(action, { published: row.portal !== 'off', highlighted: row.highlighted })) return { reference, outcome: 'sent', ...said(spec.already) };
    if (action === 'highlight' && row.portal === 'off') return { reference, outcome: 'refused', ...said('notOnPortal') };
    const request = open.get(reference);
    // Accepted but not applied (outbox-store.ts, NOT_APPLIED_AFTER_MS): asking again sends it again.
    const awaited = request?.kind === action && request.status === 'sent' && request.notAppliedAt === null;
    if (sending.has(reference) || awaited) return { reference, outcome: 'sent', ...said('alreadyPending') };
    if (request?.kind === action && request.status === 'pending') return { reference, outcome: 'queued', ...said('queued') };
    return null;
  }

  /** Sent now when the portal answers, queued in the outbox otherwise; one outcome per reference, in order. */
  async function request(action: PublicationAction, references: string[], options: { signal?: AbortSignal } = {}): Promise<PublicationOutcome[]> {
    const unique = [...new Set(references)];
    const outcomes = new Map<string, PublicationOutcome>();
    const open = cache.outbox.openRequests(unique);
    const toSend: string[] = [];
    for (const reference of unique) {
      const answer = answeredHere(action, reference, open);
      if (answer) outcomes.set(reference, answer);
      else toSend.push(reference);
    }
    // The plan's room, counting what is already on its way: what does not fit is not sent.
    const takes = ACTIONS[action].takes;
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
    const entries = cache.transaction(() => toSend.map((reference) => cache.outbox.enqueue(action, reference)));
    // Once the portal is unreachable, the rest stay in the outbox instead of each waiting out its retries.
    let unreachable: string | undefined;
    const signal = options.signal ?? new AbortController().signal;
    await forEachLimit(
      entries,
      deps.concurrency,
      async (entry) => {
        const { reference } = entry;
        if (unreachable !== undefined || signal.aborted) {
          const message = unreachable ?? renderMessage('en', 'portal.cancelled');
          cache.outbox.markFailed(entry.id, message, false);
          outcomes.set(reference, { reference, outcome: 'queued', ...queuedBecause(message) });
          return;
        }
        const result = await deliver(entry, signal);
        settle(entry, result);
        outcomes.set(reference, outcomeOf(reference, result));
        if (result.kind === 'later' && marksOffline(result.errorKind)) unreachable ??= result.message;
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
        return { reference, outcome: 'refused', ...saidOf(result) };
      case 'not_found':
        return { reference, outcome: 'not_found', ...saidOf(result) };
      case 'later':
        return { reference, outcome: 'queued', ...queuedBecause(result.message) };
    }
  }

  async function flushOutbox(options: { signal?: AbortSignal } = {}): Promise<FlushResult> {
    const signal = options.signal ?? new AbortController().signal;
    const entries = cache.outbox.pending();
    const sent = byAction();
    const failed = byAction();
    let stop: AppError | undefined;
    await forEachLimit(
      entries,
      deps.concurrency,
      async (entry) => {
        if (stop || signal.aborted || sending.has(entry.reference)) return;
        const result = await deliver(entry, signal);
        settle(entry, result);
        if (result.kind === 'accepted') sent[entry.kind]++;
        else if (result.kind !== 'later') failed[entry.kind]++;
        // Offline or refused credentials: the others would fail the same way.
        else if (stopsBatch(result.errorKind))
          stop ??= new AppError(result.errorKind, result.message, undefined, { code: result.code ?? 'app.internal', params: result.params });
      },
      new AbortController().signal,
    );
    if (signal.aborted) throw codedError('cancelled', { code: 'publication.syncCancelled' });
    return { sent, failed, remaining: cache.outbox.pending().length };
  }

  return {
    request,
    unpublish: (references: string[], options: { signal?: AbortSignal } = {}) => request('unpublish', references, options),
    flushOutbox,
  };
}
