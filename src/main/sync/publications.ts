// Unpublishing: the dealer's intent is written to the outbox first (durably), then delivered:
// DELETE /publications/:reference now when the portal answers, otherwise at the next sync. The
// portal queues the change (202), so the listing is "unpublish pending" until a read shows
// publication null (the cache clears the flag then). A send cut short (the process killed before
// the answer) is not sent blindly again: the listing is read first, and if the portal already has
// the unpublish (publication null, or an UNPUBLISH job in its queue) it is not sent twice.
import { marksOffline, policyOf, stopsBatch } from '../../shared/error-policy';
import { AppError, isAppError, type ErrorKind, type MessageParams } from '../../shared/errors';
import { codedError, renderMessage, type SectionKey } from '../../shared/i18n/messages';
import type { UnpublishOutcome } from '../../shared/views';
import type { Cache, OutboxEntry } from '../cache';
import type { PortalClient } from '../portal';
import { forEachLimit } from './pool';

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

/** One of the `codes.unpublish` texts. */
function said(key: SectionKey<'unpublish'>): Said & { code: string } {
  const code = `unpublish.${key}` as const;
  return { message: renderMessage('en', code), code };
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
  async function alreadyReceived(reference: string, signal: AbortSignal): Promise<Sent | null> {
    let received = false as boolean; // set by the call below (TS would narrow it to false)
    const read = await attempt(async () => {
      const answer = await portal.getVehicle(reference, { signal });
      const queued = answer.queue.jobs.some((job) => job.messageType === 'UNPUBLISH_VEHICLE');
      received = queued || (answer.status === 'found' && answer.vehicle.vehicle.publication === null);
    });
    if (read.kind !== 'accepted') return read;
    return received ? { kind: 'accepted' } : null;
  }

  /** Delivers one outbox entry: checked first when an earlier send of it was cut short. */
  async function deliver(entry: OutboxEntry, signal: AbortSignal): Promise<Sent> {
    sending.add(entry.reference);
    try {
      if (entry.sendingSince !== null) {
        const known = await alreadyReceived(entry.reference, signal);
        if (known) return known;
      }
      cache.outbox.markSending(entry.id);
      return await attempt(() => portal.unpublish(entry.reference, { signal }));
    } finally {
      sending.delete(entry.reference);
    }
  }

  function pendingEntry(reference: string) {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unpublish is the outbox's only kind today; the filter keeps this right when another comes
    return cache.outbox.pending().find((e) => e.kind === 'unpublish' && e.reference === reference);
  }

  /** Writes down what came of an entry's delivery (both files: the outbox and the listing). */
  function settle(entry: OutboxEntry, result: Sent): void {
    switch (result.kind) {
      case 'accepted':
        cache.transaction(() => {
          cache.outbox.markSent(entry.id);
          cache.vehicles.markUnpublishPending(entry.reference);
        });
        return;
      case 'refused':
        cache.transaction(() => {
          cache.outbox.markFailed(entry.id, result.message, true);
          cache.vehicles.markUnpublishRefused(entry.reference, result.message);
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

  async function unpublish(references: string[], options: { signal?: AbortSignal } = {}): Promise<UnpublishOutcome[]> {
    const unique = [...new Set(references)];
    const outcomes = new Map<string, UnpublishOutcome>();
    const toSend: string[] = [];
    for (const reference of unique) {
      const vehicle = cache.getVehicle(reference);
      if (!vehicle) outcomes.set(reference, { reference, outcome: 'not_found', ...said('notInInventory') });
      else if (vehicle.row.portal === 'off') outcomes.set(reference, { reference, outcome: 'sent', ...said('alreadyOff') });
      else if (vehicle.row.portal === 'pending' || sending.has(reference)) outcomes.set(reference, { reference, outcome: 'sent', ...said('alreadyPending') });
      else if (pendingEntry(reference)) outcomes.set(reference, { reference, outcome: 'queued', ...said('queued') });
      else toSend.push(reference);
    }
    // The dealer's intent first, on disk, before any request: a crash from here on loses nothing.
    const entries = cache.transaction(() => toSend.map((reference) => cache.outbox.enqueue('unpublish', reference)));
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
      // Cancelling the dealer's unpublish does not lose it: what was not sent stays queued (above).
      new AbortController().signal,
    );
    return unique.map((r) => outcomes.get(r) ?? { reference: r, outcome: 'queued', ...said('queued') });
  }

  /** What the portal said, the dealer's way. */
  function outcomeOf(reference: string, result: Sent): UnpublishOutcome {
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

  async function flushOutbox(options: { signal?: AbortSignal } = {}): Promise<{ sent: number; failed: number; remaining: number }> {
    const signal = options.signal ?? new AbortController().signal;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unpublish is the outbox's only kind today; the filter keeps this right when another comes
    const entries = cache.outbox.pending().filter((e) => e.kind === 'unpublish');
    let sent = 0;
    let failed = 0;
    let stop: AppError | undefined;
    await forEachLimit(
      entries,
      deps.concurrency,
      async (entry) => {
        if (stop || signal.aborted || sending.has(entry.reference)) return;
        const result = await deliver(entry, signal);
        settle(entry, result);
        if (result.kind === 'accepted') sent++;
        else if (result.kind !== 'later') failed++;
        // Offline or refused credentials: the others would fail the same way.
        else if (stopsBatch(result.errorKind)) stop ??= new AppError(result.errorKind, result.message, undefined, { code: result.code, params: result.params });
      },
      new AbortController().signal,
    );
    if (signal.aborted) throw codedError('cancelled', { code: 'unpublish.syncCancelled' });
    return { sent, failed, remaining: cache.outbox.pending().length };
  }

  return { unpublish, flushOutbox };
}
