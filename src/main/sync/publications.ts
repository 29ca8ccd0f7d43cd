// Unpublishing: DELETE /publications/:reference now when the portal answers, otherwise an outbox
// entry that the next sync sends. The portal queues the change (202), so the listing is
// "unpublish pending" until a read shows publication null (the cache clears the flag then).
import { AppError, isAppError, type ErrorKind } from '../../shared/errors';
import type { UnpublishOutcome } from '../../shared/views';
import type { Cache } from '../cache';
import type { PortalClient } from '../portal';
import { forEachLimit } from './pool';

export interface PublicationsDeps {
  cache: Cache;
  portal: PortalClient;
  /** Runs one portal call and notes what it says about connectivity. */
  call<T>(fn: () => Promise<T>): Promise<T>;
  concurrency: number;
}

type Sent =
  | { kind: 'accepted' }
  | { kind: 'refused'; message: string }
  | { kind: 'not_found'; message: string }
  /** Not sent (offline, server trouble, token refused…): it stays in the outbox. */
  | { kind: 'later'; message: string; errorKind: ErrorKind };

const MESSAGES = {
  notInInventory: 'This listing is not in your inventory. Sync first, then try again.',
  alreadyOff: 'This listing is already not on the portal.',
  alreadyPending: 'Already sent: the portal is applying it (this can take up to about 20 minutes).',
  queued: 'Saved: it will be sent to the portal at the next sync.',
  sent: 'Sent: the portal is applying it (this can take up to about 20 minutes).',
} as const;

export function createPublications(deps: PublicationsDeps) {
  const { cache, portal } = deps;
  /** References being sent right now (an unpublish and an outbox flush never send one twice). */
  const sending = new Set<string>();

  async function send(reference: string, signal: AbortSignal | undefined): Promise<Sent> {
    try {
      await deps.call(() => portal.unpublish(reference, { signal }));
      return { kind: 'accepted' };
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.kind === 'validation') return { kind: 'refused', message: error.message };
      if (error.kind === 'not_found') return { kind: 'not_found', message: error.message };
      return { kind: 'later', message: error.message, errorKind: error.kind };
    }
  }

  function pendingEntry(reference: string) {
    return cache.outbox.pending().find((e) => e.kind === 'unpublish' && e.reference === reference);
  }

  async function unpublish(references: string[], options: { signal?: AbortSignal } = {}): Promise<UnpublishOutcome[]> {
    const unique = [...new Set(references)];
    const outcomes = new Map<string, UnpublishOutcome>();
    const toSend: string[] = [];
    for (const reference of unique) {
      const vehicle = cache.getVehicle(reference);
      if (!vehicle) outcomes.set(reference, { reference, outcome: 'not_found', message: MESSAGES.notInInventory });
      else if (vehicle.row.portal === 'off') outcomes.set(reference, { reference, outcome: 'sent', message: MESSAGES.alreadyOff });
      else if (vehicle.row.portal === 'pending' || sending.has(reference)) outcomes.set(reference, { reference, outcome: 'sent', message: MESSAGES.alreadyPending });
      else if (pendingEntry(reference)) outcomes.set(reference, { reference, outcome: 'queued', message: MESSAGES.queued });
      else toSend.push(reference);
    }
    // Once the portal is unreachable, the rest go straight to the outbox instead of each waiting out its retries.
    let unreachable: string | undefined;
    const signal = options.signal ?? new AbortController().signal;
    await forEachLimit(
      toSend,
      deps.concurrency,
      async (reference) => {
        const result: Sent = unreachable !== undefined || signal.aborted
          ? { kind: 'later', message: unreachable ?? 'Cancelled.', errorKind: 'offline' }
          : await sendOnce(reference, signal);
        outcomes.set(reference, record(reference, result));
        if (result.kind === 'later' && result.errorKind === 'offline') unreachable ??= result.message;
      },
      // Cancelling the dealer's unpublish does not lose it: what was not sent is queued (above).
      new AbortController().signal,
    );
    return unique.map((r) => outcomes.get(r) ?? { reference: r, outcome: 'queued', message: MESSAGES.queued });
  }

  async function sendOnce(reference: string, signal: AbortSignal): Promise<Sent> {
    sending.add(reference);
    try {
      return await send(reference, signal);
    } catch (error) {
      if (isAppError(error) && error.kind === 'cancelled') return { kind: 'later', message: error.message, errorKind: 'cancelled' };
      throw error;
    } finally {
      sending.delete(reference);
    }
  }

  /** Writes down what the portal said, and says it the dealer's way. */
  function record(reference: string, result: Sent): UnpublishOutcome {
    switch (result.kind) {
      case 'accepted':
        cache.vehicles.markUnpublishPending(reference);
        return { reference, outcome: 'sent', message: MESSAGES.sent };
      case 'refused':
        cache.vehicles.markUnpublishRefused(reference, result.message);
        return { reference, outcome: 'refused', message: result.message };
      case 'not_found':
        return { reference, outcome: 'not_found', message: result.message };
      case 'later': {
        const entry = cache.outbox.enqueue('unpublish', reference);
        cache.outbox.markFailed(entry.id, result.message, false);
        return { reference, outcome: 'queued', message: `${MESSAGES.queued} (${result.message})` };
      }
    }
  }

  async function flushOutbox(options: { signal?: AbortSignal } = {}): Promise<{ sent: number; failed: number; remaining: number }> {
    const signal = options.signal ?? new AbortController().signal;
    const entries = cache.outbox.pending().filter((e) => e.kind === 'unpublish');
    let sent = 0;
    let failed = 0;
    let stop: AppError | undefined;
    await forEachLimit(
      entries,
      deps.concurrency,
      async (entry) => {
        if (stop || signal.aborted || sending.has(entry.reference)) return;
        const result = await sendOnce(entry.reference, signal);
        switch (result.kind) {
          case 'accepted':
            cache.transaction(() => {
              cache.outbox.markSent(entry.id);
              cache.vehicles.markUnpublishPending(entry.reference);
            });
            sent++;
            return;
          case 'refused':
            cache.transaction(() => {
              cache.outbox.markFailed(entry.id, result.message, true);
              cache.vehicles.markUnpublishRefused(entry.reference, result.message);
            });
            failed++;
            return;
          case 'not_found':
            cache.outbox.markFailed(entry.id, result.message, true);
            failed++;
            return;
          case 'later':
            if (result.errorKind !== 'cancelled') cache.outbox.markFailed(entry.id, result.message, false);
            // Offline or refused credentials: the others would fail the same way.
            if (result.errorKind === 'offline' || result.errorKind === 'token_refused' || result.errorKind === 'tls') stop ??= new AppError(result.errorKind, result.message);
            return;
        }
      },
      new AbortController().signal,
    );
    if (signal.aborted) throw new AppError('cancelled', 'The sync was cancelled.');
    return { sent, failed, remaining: cache.outbox.pending().length };
  }

  return { unpublish, flushOutbox };
}
