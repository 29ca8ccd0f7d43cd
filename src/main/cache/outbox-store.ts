// Writes the dealer asked for that the portal has not confirmed yet. They survive a crash, a
// cancel and a network loss; the sync engine flushes them before it pulls. The table lives in the
// local-only file (local.ts): every write here reaches the disk before it returns.
// Intent first, then delivery: an entry is written before its request goes out, and marked
// "sending" (durably) while it is in flight, so a send cut short by a kill is known as such.
import { REQUEST_REACHED_SQL } from '../../shared/attention';
import type { PublicationAction } from '../../shared/views';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';
import { generationOf } from './generation';

/**
 * When a request the portal accepted counts as not applied: the portal documents up to about 20
 * minutes before a publication change shows in reads (portal-notes.md, "Writes are queued"); an
 * hour is three times that. A sync that reads the listing more than this long after the portal
 * accepted the request, and does not find it as asked, marks the request not applied
 * (markNotApplied): from then on it no longer holds room in the plan (sync/room.ts), it is a reason
 * the listing needs the dealer (shared/attention.ts: send it again), and asking again sends it
 * again. Decided at a sync, on a fresh read, never by the clock alone: offline for a week, nothing
 * turns "not applied" until the portal has been asked. It stays 'sent', so if the portal applies
 * it after all, the next read confirms it as usual.
 */
export const NOT_APPLIED_AFTER_MS = 60 * 60_000;

export type OutboxKind = PublicationAction;
/** confirmed: a sync read the listing as asked (publish and highlight; an unpublish is confirmed on its row). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'confirmed';

export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  reference: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  status: OutboxStatus;
  /** Set while a send is in flight; still set after a crash: the send's fate is unknown. */
  sendingSince: string | null;
  /** Accepted by the portal but not applied (NOT_APPLIED_AFTER_MS): when a sync found so. */
  notAppliedAt: string | null;
}

/** An unpublish still waiting in the outbox (not sent yet). */
export interface QueuedUnpublish {
  createdAt: string;
  lastError: string | null;
}

/** A publish or (un)highlight request, the latest of its listing, not confirmed by a read yet. */
export interface OpenRequest {
  kind: Exclude<OutboxKind, 'unpublish'>;
  status: Exclude<OutboxStatus, 'confirmed'>;
  createdAt: string;
  lastError: string | null;
  /** Sent and accepted, but a read long after still did not show it (NOT_APPLIED_AFTER_MS). */
  notAppliedAt: string | null;
}

interface DbEntry {
  id: number;
  kind: OutboxKind;
  reference: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
  last_attempt_at: string | null;
  status: OutboxStatus;
  sending_since: string | null;
  not_applied_at: string | null;
}

const toEntry = (r: DbEntry): OutboxEntry => ({
  id: r.id,
  kind: r.kind,
  reference: r.reference,
  createdAt: r.created_at,
  attempts: r.attempts,
  lastError: r.last_error,
  lastAttemptAt: r.last_attempt_at,
  status: r.status,
  sendingSince: r.sending_since,
  notAppliedAt: r.not_applied_at,
});

export type OutboxStore = ReturnType<typeof createOutboxStore>;

export function createOutboxStore(db: Db, clock: Clock) {
  const findPending = db.prepare<[OutboxKind, string], DbEntry>("SELECT * FROM local.outbox WHERE kind = ? AND reference = ? AND status = 'pending'");
  const insert = db.prepare('INSERT INTO local.outbox (kind, reference, created_at) VALUES (?, ?, ?)');
  const byId = db.prepare<[number], DbEntry>('SELECT * FROM local.outbox WHERE id = ?');
  const pending = db.prepare<[], DbEntry>("SELECT * FROM local.outbox WHERE status = 'pending' ORDER BY id");
  const recent = db.prepare<[number], DbEntry>('SELECT * FROM local.outbox ORDER BY id DESC LIMIT ?');
  const sending = db.prepare('UPDATE local.outbox SET sending_since = ? WHERE id = ?');
  const sent = db.prepare(
    "UPDATE local.outbox SET status = 'sent', attempts = attempts + 1, last_attempt_at = ?, last_error = NULL, sending_since = NULL WHERE id = ?",
  );
  const anyQueued = db.prepare("SELECT 1 FROM local.outbox WHERE status = 'pending' AND kind = 'unpublish' LIMIT 1").pluck();
  const queuedAmong = db.prepare<[string], Pick<DbEntry, 'reference' | 'created_at' | 'last_error'>>(
    `SELECT reference, created_at, last_error FROM local.outbox
      WHERE status = 'pending' AND kind = 'unpublish' AND reference IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const anyOpen = db.prepare("SELECT 1 FROM local.outbox WHERE kind != 'unpublish' AND status != 'confirmed' LIMIT 1").pluck();
  // The latest request of each listing (a newer one replaces what an older one asked).
  const openAmong = db.prepare<[string], Pick<DbEntry, 'reference' | 'kind' | 'status' | 'created_at' | 'last_error' | 'not_applied_at'>>(
    `SELECT o.reference, o.kind, o.status, o.created_at, o.last_error, o.not_applied_at FROM local.outbox o
      WHERE o.id = (SELECT max(id) FROM local.outbox l WHERE l.reference = o.reference AND l.kind != 'unpublish')
        AND o.status != 'confirmed' AND o.reference IN (SELECT value FROM json_each(?))`,
  );
  const requestsOf = db.prepare<[string], DbEntry>('SELECT * FROM local.outbox WHERE reference = ? ORDER BY id');
  // Not applied: no longer read again at each sync (an incremental read still sees it if it comes late).
  const awaiting = db
    .prepare<[], string>("SELECT DISTINCT reference FROM local.outbox WHERE kind != 'unpublish' AND status = 'sent' AND not_applied_at IS NULL ORDER BY id")
    .pluck();
  const inFlight = db
    .prepare<[OutboxKind], number>(
      "SELECT count(DISTINCT reference) FROM local.outbox WHERE kind = ? AND status IN ('pending', 'sent') AND not_applied_at IS NULL",
    )
    .pluck();
  const notApplied = db.prepare<[string, string, string]>(
    `UPDATE local.outbox SET not_applied_at = ?
      WHERE status = 'sent' AND kind != 'unpublish' AND not_applied_at IS NULL AND last_attempt_at <= ?
        AND reference IN (SELECT value FROM json_each(?))`,
  );
  const confirm = db.prepare(
    `UPDATE local.outbox AS o SET status = 'confirmed' FROM main.vehicles r
      WHERE o.status = 'sent' AND o.kind != 'unpublish' AND r.reference = o.reference AND ${REQUEST_REACHED_SQL}`,
  );
  const pendingCount = db.prepare<[], number>("SELECT count(*) FROM local.outbox WHERE status = 'pending'").pluck();
  const attempt = db.prepare(
    'UPDATE local.outbox SET status = ?, attempts = attempts + 1, last_attempt_at = ?, last_error = ?, sending_since = CASE WHEN ? THEN sending_since ELSE NULL END WHERE id = ?',
  );

  // The listings' reasons to need the dealer read the outbox (a refused or unapplied request,
  // shared/attention.ts): a write that can change one makes the inventory's snapshot stale.
  const generation = generationOf(db);
  function changed<T>(result: T): T {
    generation.changed();
    return result;
  }

  return {
    /** Queues a request; asking twice before it is sent queues it once. */
    enqueue(kind: OutboxKind, reference: string): OutboxEntry {
      generation.changed();
      return db
        .transaction(() => {
          const existing = findPending.get(kind, reference);
          if (existing) return toEntry(existing);
          const id = Number(insert.run(kind, reference, isoNow(clock)).lastInsertRowid);
          return toEntry(byId.get(id) as DbEntry);
        })
        .immediate();
    },
    pending(): OutboxEntry[] {
      return pending.all().map(toEntry);
    },
    /** Writes waiting to be sent, of every kind. */
    pendingCount(): number {
      return pendingCount.get() ?? 0;
    },
    /** The queued unpublishes among `references`, in one query (none queued at all: only a probe). */
    queuedUnpublishes(references: readonly string[]): Map<string, QueuedUnpublish> {
      const out = new Map<string, QueuedUnpublish>();
      if (references.length === 0 || anyQueued.get() === undefined) return out;
      for (const r of queuedAmong.all(JSON.stringify(references))) {
        if (!out.has(r.reference)) out.set(r.reference, { createdAt: r.created_at, lastError: r.last_error });
      }
      return out;
    },
    /** The open publish and (un)highlight requests among `references`, the latest of each (none open at all: only a probe). */
    openRequests(references: readonly string[]): Map<string, OpenRequest> {
      const out = new Map<string, OpenRequest>();
      if (references.length === 0 || anyOpen.get() === undefined) return out;
      for (const r of openAmong.all(JSON.stringify(references))) {
        if (r.kind === 'unpublish' || r.status === 'confirmed') continue;
        out.set(r.reference, { kind: r.kind, status: r.status, createdAt: r.created_at, lastError: r.last_error, notAppliedAt: r.not_applied_at });
      }
      return out;
    },
    /** Every request of one listing the outbox holds, whatever became of it, oldest first. */
    requestsOf(reference: string): OutboxEntry[] {
      return requestsOf.all(reference).map(toEntry);
    },
    /** Listings with a publish or (un)highlight the portal accepted and no read has confirmed: a sync reads them again. */
    awaitingConfirmation(): string[] {
      return awaiting.all();
    },
    /** Listings with a request of `kind` queued or sent and not confirmed: they will take room in the plan. */
    inFlight(kind: OutboxKind): number {
      return inFlight.get(kind) ?? 0;
    },
    /** Marks confirmed the accepted requests the listings now show (called in the sync's commit). */
    confirmReflected(): number {
      return changed(confirm.run().changes);
    },
    /**
     * Marks not applied the accepted requests of `read` (listings a sync has just read and not found
     * as asked: call it after confirmReflected) sent more than NOT_APPLIED_AFTER_MS ago.
     */
    markNotApplied(read: readonly string[]): number {
      if (read.length === 0) return 0;
      const now = clock().getTime();
      return changed(notApplied.run(new Date(now).toISOString(), new Date(now - NOT_APPLIED_AFTER_MS).toISOString(), JSON.stringify(read)).changes);
    },
    recent(limit = 50): OutboxEntry[] {
      return recent.all(limit).map(toEntry);
    },
    /** Just before the request goes out: from now until an answer is written, its fate is unknown. */
    markSending(id: number): void {
      sending.run(isoNow(clock), id);
    },
    markSent(id: number): void {
      changed(sent.run(isoNow(clock), id));
    },
    /**
     * `final`: the portal refused it for good (4xx); otherwise it stays pending for the next sync.
     * `unanswered`: no answer came back (it may have arrived): it stays marked as sending, so the next attempt checks first.
     */
    markFailed(id: number, message: string, final: boolean, unanswered = false): void {
      changed(attempt.run(final ? 'failed' : 'pending', isoNow(clock), message, unanswered ? 1 : 0, id));
    },
  };
}
