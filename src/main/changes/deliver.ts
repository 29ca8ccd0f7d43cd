// Delivering pending changes, whatever their kind: the intent is on disk (ledger.ts) before this
// runs. A send cut short (the process killed before the answer) is not sent blindly again: the
// listing is read first, and if the portal already has it (as asked, or the job in its queue) it is
// not sent twice. Each answer is written down at once; a flush stops at the first sign that the
// portal is unreachable or the token refused (the others would fail the same way). A change whose
// body fails Showroom's own checks as it is about to go (saved under an older rule, or its listing
// changed on the portal since) is refused by those checks: it is not sent, and it waits for the
// dealer like a portal refusal, instead of failing the same way at every sync.
import { policyOf, stopsBatch } from '../../shared/error-policy';
import { AppError, isAppError, type ErrorKind, type MessageParams } from '../../shared/errors';
import { codedError, renderMessage } from '../../shared/i18n/messages';
import type { WriteIssue } from '../../shared/listing-write';
import { REFUSED_BY_CHECKS } from '../../shared/pending-changes';
import type { Cache, PendingChange } from '../cache';
import { vehicleColumns } from '../cache/extract';
import type { PortalClient } from '../portal';
import { forEachLimit } from '../base/pool';
import type { ChangeConflict } from '../cache';
import { isHeld } from './kind';
import { refusedFields } from './refused-fields';
import { changeKind } from './registry';

export interface DeliveryDeps {
  cache: Cache;
  portal: PortalClient;
  /** Runs one portal call and notes what it says about connectivity. */
  call<T>(fn: () => Promise<T>): Promise<T>;
  concurrency: number;
}

/** A text for the dealer: English (logs, --json), with its dictionary code when it has one. */
export interface Said {
  message: string;
  code?: string;
  params?: MessageParams;
}

export type Sent =
  | { kind: 'accepted' }
  | ({ kind: 'refused'; fields?: Readonly<Record<string, string>> } & Said)
  /** Not sent: its body fails Showroom's own checks (`issues`, field by field); the dealer must fix or discard it. */
  | ({ kind: 'unchecked'; issues: readonly WriteIssue[] } & Said)
  /** Not sent: the dealer must choose first (an edit's conflict). */
  | { kind: 'held'; conflict: ChangeConflict }
  | ({ kind: 'not_found' } & Said)
  /** Not sent (offline, server trouble, token refused…): it stays in the ledger. */
  | ({ kind: 'later'; errorKind: ErrorKind } & Said)
  /** Discarded by the dealer before it went out: nothing was sent. */
  | { kind: 'discarded' };

/** The text alone (of an error), with its code when it has one. */
function saidOf(said: Said): Said {
  return { message: said.message, ...(said.code === undefined ? {} : { code: said.code }), ...(said.params === undefined ? {} : { params: said.params }) };
}

/** What the ledger keeps of a text: its code, or the English text under the code that says it as it is. */
export function errorOf(said: Said): { code: string; params?: MessageParams } {
  if (said.code !== undefined) return { code: said.code, ...(said.params === undefined ? {} : { params: said.params }) };
  return { code: 'ledger.said', params: { message: said.message } };
}

/** The failed fields a bad-input error carries (shared/listing-write.ts listingWriteError, a kind's parse). */
function issuesOf(error: AppError): WriteIssue[] {
  const fields = error.detail?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is WriteIssue => typeof (f as Partial<WriteIssue> | null)?.code === 'string') : [];
}

/** A body Showroom's own checks refuse: said as such, with how many fields fail them (each in `issues`). */
function unchecked(error: AppError): Sent {
  const issues = issuesOf(error);
  const params = { count: Math.max(1, new Set(issues.map((i) => i.field)).size) };
  return { kind: 'unchecked', issues, code: REFUSED_BY_CHECKS, params, message: renderMessage('en', REFUSED_BY_CHECKS, params) };
}

/** What a flush of the ledger sent and what the portal refused, by kind. */
export interface FlushResult {
  sent: Record<string, number>;
  failed: Record<string, number>;
  remaining: number;
}

export type Delivery = ReturnType<typeof createDelivery>;

export function createDelivery(deps: DeliveryDeps) {
  const { cache, portal } = deps;
  /** References being sent right now (a request and a flush never send one twice). */
  const sending = new Set<string>();

  /** Runs one portal call and says what came of it the ledger's way. */
  async function attempt(fn: () => Promise<unknown>): Promise<Sent> {
    try {
      const answer = await deps.call(fn);
      return isHeld(answer) ? { kind: 'held', conflict: answer.held } : { kind: 'accepted' };
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.kind === 'validation') return { kind: 'refused', ...saidOf(error), fields: refusedFields(error.detail?.portalMessage) };
      if (error.kind === 'not_found') return { kind: 'not_found', ...saidOf(error) };
      // Only our own checks say bad input: the portal's refusals are `validation`.
      if (error.kind === 'bad_input') return unchecked(error);
      return { kind: 'later', errorKind: error.kind, ...saidOf(error) };
    }
  }

  /** After an interrupted send: does the portal already have it? (`accepted` when it does, null when it must be sent.) */
  async function alreadyReceived(change: PendingChange, signal: AbortSignal): Promise<Sent | null> {
    const kind = changeKind(change.kind);
    let received = false as boolean; // set by the call below (TS would narrow it to false)
    const read = await attempt(async () => {
      const answer = await portal.getVehicle(change.reference, { signal });
      const queued = answer.queue.jobs.some((job) => job.messageType === kind.queueJob);
      if (queued || answer.status !== 'found') {
        received = queued;
        return;
      }
      const columns = vehicleColumns(answer.vehicle);
      const facts = { published: columns.published === 1, highlighted: columns.highlighted === 1, value: columns.value, mileage: columns.mileage };
      received = columns.published !== null && kind.reachedBy(change.payload, facts, answer.vehicle.vehicle);
    });
    // A listing the change deletes, no longer there: the portal had it.
    if (read.kind === 'not_found' && kind.leaves !== null) return { kind: 'accepted' };
    // Not there at all: a listing the change makes was not received (any other is gone).
    if (read.kind === 'not_found' && kind.creates) return null;
    if (read.kind !== 'accepted') return read;
    return received ? { kind: 'accepted' } : null;
  }

  /** Delivers one change: checked first when an earlier send of it was cut short. */
  async function deliver(change: PendingChange, signal: AbortSignal): Promise<Sent> {
    sending.add(change.reference);
    try {
      if (change.sendingSince !== null) {
        const known = await alreadyReceived(change, signal);
        if (known) return known;
      }
      if (!cache.ledger.markSending(change.id)) return { kind: 'discarded' };
      return await attempt(() => changeKind(change.kind).send(portal, change.reference, change.payload, signal, { change, cache }));
    } finally {
      sending.delete(change.reference);
    }
  }

  /** Writes down what came of a change's delivery. */
  function settle(change: PendingChange, result: Sent): void {
    switch (result.kind) {
      case 'accepted':
        cache.ledger.markSent(change.id);
        return;
      case 'refused':
        cache.ledger.markFailed(change.id, errorOf(result), true, false, result.fields);
        return;
      case 'not_found':
        cache.ledger.markFailed(change.id, errorOf(result), true);
        return;
      case 'unchecked':
        cache.ledger.refuseByChecks(change.id, errorOf(result), result.issues);
        return;
      case 'held':
        cache.ledger.hold(change.id, result.conflict);
        return;
      case 'later':
        cache.ledger.markFailed(change.id, errorOf(result), false, policyOf(result.errorKind).unanswered);
        return;
      case 'discarded':
        return;
    }
  }

  /** Sends every change waiting in the ledger, oldest first (a sync's first step). */
  async function flush(options: { signal?: AbortSignal } = {}): Promise<FlushResult> {
    const signal = options.signal ?? new AbortController().signal;
    const changes = cache.ledger.unsent();
    const sent: Record<string, number> = {};
    const failed: Record<string, number> = {};
    let stop: AppError | undefined;
    await forEachLimit(
      changes,
      deps.concurrency,
      async (change) => {
        if (stop || signal.aborted || sending.has(change.reference)) return;
        const result = await deliver(change, signal);
        settle(change, result);
        if (result.kind === 'accepted') sent[change.kind] = (sent[change.kind] ?? 0) + 1;
        else if (result.kind === 'refused' || result.kind === 'not_found' || result.kind === 'unchecked') failed[change.kind] = (failed[change.kind] ?? 0) + 1;
        // Offline or refused credentials: the others would fail the same way.
        else if (result.kind === 'later' && stopsBatch(result.errorKind))
          stop ??= new AppError(result.errorKind, result.message, undefined, { code: result.code ?? 'app.internal', params: result.params });
      },
      new AbortController().signal,
    );
    if (signal.aborted) throw codedError('cancelled', { code: 'publication.syncCancelled' });
    return { sent, failed, remaining: cache.ledger.unsentCount() };
  }

  return { deliver, settle, flush, isSending: (reference: string) => sending.has(reference) };
}
