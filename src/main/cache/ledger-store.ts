// The pending-change ledger (design.md, "Changes the dealer makes"): every change the dealer made
// that the portal has not confirmed yet, of every kind, in the local-only file (local.ts): each
// write reaches the disk before it returns. Intent first, then delivery: a change is written before
// its request goes out, and marked "sending" (durably) while it is in flight, so a send cut short by
// a kill is known as such. This store knows no kind: what a kind means (its slot, its reason, its
// overlay) comes with the change when it is saved (main/changes/ledger.ts), and is kept beside it.
import type { MessageParams } from '../../shared/errors';
import type { MessageRef } from '../../shared/i18n/messages';
import type { WriteIssue } from '../../shared/listing-write';
import { DISCARDABLE, UNSENT, type ChangeStatus, type Overlay } from '../../shared/pending-changes';
import { isoNow, type Clock } from './clock';
import type { Db } from './db';
import { inventoryWrites } from './writes';

/**
 * When a change the portal accepted counts as not applied: the portal documents up to about 20
 * minutes before a change shows in reads (portal-notes.md, "Writes are queued"); an hour is three
 * times that. A sync that reads the listing more than this long after the portal accepted the
 * change, and does not find it as asked, marks it not applied (markNotApplied): from then on it no
 * longer holds room in the plan (sync/room.ts), it is a reason the listing needs the dealer
 * (shared/attention.ts: send it again), and asking again sends it again. Decided at a sync, on a
 * fresh read, never by the clock alone. If the portal applies it after all, a read confirms it.
 */
export const NOT_APPLIED_AFTER_MS = 60 * 60_000;

/** The listing as the change was made on it: its updatedAt, and what its kind keeps of it. */
export interface ChangeBase {
  updatedAt: string | null;
  [field: string]: unknown;
}

/** A message code and its parameters (shared/i18n): the last error, in the reader's language when shown. */
export interface ChangeError {
  code: string;
  params?: MessageParams;
}

export interface PendingChange {
  id: number;
  kind: string;
  reference: string;
  /** As saved: the kind's schema validates it again when it is used (main/changes/kind.ts). */
  payload: unknown;
  base: ChangeBase;
  status: ChangeStatus;
  attempts: number;
  lastError: ChangeError | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** Set while a send is in flight; still set after a crash: the send's fate is unknown. */
  sendingSince: string | null;
  /** Accepted by the portal but not applied (NOT_APPLIED_AFTER_MS): when a sync found so. */
  notAppliedAt: string | null;
  /** When it stopped bearing on its listing (confirmed, discarded, or found as asked after a refusal). */
  closedAt: string | null;
  /** Held back, never sent until the dealer chose: the fields changed on the portal too, to another value. */
  conflict: ChangeConflict | null;
  /** A refusal's words, by the field each names (the portal's `message` list). */
  refusedFields: Readonly<Record<string, string>> | null;
  /** Refused by Showroom's own checks before it went (its whole body failed them): each failed field, in the dealer's words. */
  checks: readonly WriteIssue[] | null;
  /** A batched change's fields that are still the batch's (a later edit merged in takes the fields it sets); null when not batched. */
  batchFields: readonly string[] | null;
}

/** One field changed here and on the portal to different values: the dealer's, the portal's, and the one both started from. */
export interface FieldConflict {
  mine: unknown;
  portal: unknown;
  original: unknown;
}
export type ChangeConflict = Readonly<Record<string, FieldConflict>>;

/** A change's new content (an edit merged into one not sent yet, or a conflict resolved). */
export interface RevisedChange {
  payload: unknown;
  base: ChangeBase;
  overlay: Overlay | null;
  conflict: ChangeConflict | null;
  /** Fields the dealer set again (a later edit merged in): no longer its batch's, should it have one. */
  retaken?: readonly string[];
}

/** A change to save, with what its kind says about it. */
export interface NewChange {
  kind: string;
  reference: string;
  payload: unknown;
  base: ChangeBase;
  slot: string;
  reason: string;
  overlay: Overlay | null;
}

interface DbChange {
  id: number;
  kind: string;
  reference: string;
  payload: string;
  base: string;
  status: ChangeStatus;
  attempts: number;
  error_code: string | null;
  error_params: string | null;
  created_at: string;
  last_attempt_at: string | null;
  sending_since: string | null;
  not_applied_at: string | null;
  closed_at: string | null;
  conflict: string | null;
  refused_fields: string | null;
  checks: string | null;
  batch_fields: string | null;
}

function toChange(r: DbChange): PendingChange {
  return {
    id: r.id,
    kind: r.kind,
    reference: r.reference,
    payload: JSON.parse(r.payload) as unknown,
    base: JSON.parse(r.base) as ChangeBase,
    status: r.status,
    attempts: r.attempts,
    lastError:
      r.error_code === null ? null : { code: r.error_code, ...(r.error_params === null ? {} : { params: JSON.parse(r.error_params) as MessageParams }) },
    createdAt: r.created_at,
    lastAttemptAt: r.last_attempt_at,
    sendingSince: r.sending_since,
    notAppliedAt: r.not_applied_at,
    closedAt: r.closed_at,
    conflict: r.conflict === null ? null : (JSON.parse(r.conflict) as ChangeConflict),
    refusedFields: r.refused_fields === null ? null : (JSON.parse(r.refused_fields) as Record<string, string>),
    checks: r.checks === null ? null : (JSON.parse(r.checks) as WriteIssue[]),
    batchFields: r.batch_fields === null ? null : (JSON.parse(r.batch_fields) as string[]),
  };
}

/** The fields a payload sets (a field given as undefined is not set). */
export const setFields = (payload: unknown): string[] =>
  payload === null || typeof payload !== 'object' ? [] : Object.entries(payload).flatMap(([field, value]) => (value === undefined ? [] : [field]));

const list = (statuses: readonly ChangeStatus[]): string => statuses.map((s) => `'${s}'`).join(', ');
const UNSENT_SQL = list(UNSENT);

export type LedgerStore = ReturnType<typeof createLedgerStore>;

export function createLedgerStore(db: Db, clock: Clock) {
  const T = 'local.pending_changes';
  const findUnsent = db.prepare<[string, string, string], DbChange>(
    `SELECT * FROM ${T} WHERE kind = ? AND reference = ? AND payload = ? AND status = 'pending'`,
  );
  const insert = db.prepare(`INSERT INTO ${T} (kind, reference, payload, base, slot, reason, overlay, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare<[number], DbChange>(`SELECT * FROM ${T} WHERE id = ?`);
  // A change held by a conflict waits for the dealer: it is not sent.
  const unsent = db.prepare<[], DbChange>(`SELECT * FROM ${T} WHERE status IN (${UNSENT_SQL}) AND conflict IS NULL ORDER BY id`);
  const unsentCount = db.prepare<[], number>(`SELECT count(*) FROM ${T} WHERE status IN (${UNSENT_SQL}) AND conflict IS NULL`).pluck();
  const mergeable = db.prepare<[string, string], DbChange>(
    `SELECT * FROM ${T} WHERE kind = ? AND reference = ? AND closed_at IS NULL AND status IN (${UNSENT_SQL}, 'refused') ORDER BY id DESC LIMIT 1`,
  );
  const revise = db.prepare(
    `UPDATE ${T} SET payload = ?, base = ?, overlay = ?, conflict = ?, batch_fields = ?, status = 'pending', error_code = NULL, error_params = NULL,
       refused_fields = NULL, checks = NULL
      WHERE id = ? AND closed_at IS NULL AND status IN (${UNSENT_SQL}, 'refused')`,
  );
  const hold = db.prepare(
    `UPDATE ${T} SET status = 'pending', sending_since = NULL, conflict = ?, last_attempt_at = ? WHERE id = ? AND status IN (${UNSENT_SQL})`,
  );
  const refusedFields = db.prepare(`UPDATE ${T} SET refused_fields = ? WHERE id = ?`);
  // Not sent: nothing reached the portal, so what it was before the attempt stands (no send cut short to check).
  const refuseByChecks = db.prepare(
    `UPDATE ${T} SET status = 'refused', last_attempt_at = ?, error_code = ?, error_params = ?, sending_since = NULL, refused_fields = NULL, checks = ?
      WHERE id = ? AND status IN (${UNSENT_SQL})`,
  );
  const recent = db.prepare<[number], DbChange>(`SELECT * FROM ${T} ORDER BY id DESC LIMIT ?`);
  const open = db.prepare<[], DbChange>(`SELECT * FROM ${T} WHERE closed_at IS NULL ORDER BY id`);
  const anyOpen = db.prepare(`SELECT 1 FROM ${T} WHERE closed_at IS NULL LIMIT 1`).pluck();
  const openAmong = db.prepare<[string], DbChange>(`SELECT * FROM ${T} WHERE closed_at IS NULL AND reference IN (SELECT value FROM json_each(?)) ORDER BY id`);
  const of = db.prepare<[string], DbChange>(`SELECT * FROM ${T} WHERE reference = ? ORDER BY id`);
  // Not applied: no longer read again at each sync (an incremental read still sees it if it comes late).
  const awaiting = db.prepare<[], string>(`SELECT DISTINCT reference FROM ${T} WHERE status = 'sent' AND closed_at IS NULL ORDER BY id`).pluck();
  const inFlight = db
    .prepare<[string], number>(`SELECT count(DISTINCT reference) FROM ${T} WHERE kind = ? AND status IN (${UNSENT_SQL}, 'sent') AND closed_at IS NULL`)
    .pluck();
  const notApplied = db.prepare<[string, string, string, string]>(
    `UPDATE ${T} SET status = 'not_applied', not_applied_at = ?
      WHERE status = 'sent' AND closed_at IS NULL AND last_attempt_at <= ?
        AND reference IN (SELECT value FROM json_each(?)) AND kind IN (SELECT value FROM json_each(?))`,
  );
  const sending = db.prepare(`UPDATE ${T} SET status = 'sending', sending_since = ? WHERE id = ? AND status IN (${UNSENT_SQL})`);
  const sent = db.prepare(
    // Only while unsent: a change discarded while its request was out stays discarded.
    `UPDATE ${T} SET status = 'sent', attempts = attempts + 1, last_attempt_at = ?, error_code = NULL, error_params = NULL, sending_since = NULL
      WHERE id = ? AND status IN (${UNSENT_SQL})`,
  );
  const attempt = db.prepare(
    `UPDATE ${T} SET status = ?, attempts = attempts + 1, last_attempt_at = ?, error_code = ?, error_params = ?,
       sending_since = CASE WHEN ? THEN sending_since ELSE NULL END WHERE id = ? AND status IN (${UNSENT_SQL})`,
  );
  const confirm = db.prepare(`UPDATE ${T} SET status = 'confirmed', closed_at = ? WHERE id = ? AND status IN ('sent', 'not_applied')`);
  const close = db.prepare(`UPDATE ${T} SET closed_at = ? WHERE id = ? AND closed_at IS NULL`);
  const discard = db.prepare(`UPDATE ${T} SET status = 'discarded', closed_at = ? WHERE id = ? AND status IN (${list(DISCARDABLE)})`);
  const insertBatched = db.prepare(
    `INSERT INTO ${T} (kind, reference, payload, base, slot, reason, overlay, created_at, batch, batch_fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ofBatch = db.prepare<[string], DbChange>(`SELECT * FROM ${T} WHERE batch = ? ORDER BY id`);
  // Only a change whose every field is still the batch's: one a later edit of the dealer's joined is theirs too (`withoutBatch`).
  const discardBatch = db.prepare<[string, string], DbChange>(
    `UPDATE ${T} SET status = 'discarded', closed_at = ? WHERE batch = ? AND status IN (${list(DISCARDABLE)})
       AND NOT EXISTS (SELECT 1 FROM json_each(payload) p WHERE p.key NOT IN (SELECT value FROM json_each(batch_fields))) RETURNING *`,
  );

  const write = inventoryWrites(db);
  const changes = (n: number) => n > 0;
  const rows = (rs: DbChange[]) => rs.map(toChange);

  return {
    /** Saves a change; asking for the same change twice before it is sent saves it once. */
    save(change: NewChange): PendingChange {
      const payload = JSON.stringify(change.payload);
      return write(() =>
        db
          .transaction(() => {
            const existing = findUnsent.get(change.kind, change.reference, payload);
            if (existing) return toChange(existing);
            const overlay = change.overlay === null ? null : JSON.stringify(change.overlay);
            const inserted = insert.run(
              change.kind,
              change.reference,
              payload,
              JSON.stringify(change.base),
              change.slot,
              change.reason,
              overlay,
              isoNow(clock),
            );
            return toChange(byId.get(Number(inserted.lastInsertRowid)) as DbChange);
          })
          .immediate(),
      );
    },
    /**
     * Saves changes as one action of the dealer's, all or none, in one durable transaction, each
     * tagged with `batch`; returns how many. Unlike `save`, a change asked twice is saved twice.
     * `before` runs first in the same transaction (what the batch replaces).
     */
    saveBatch(batch: string, changes: readonly NewChange[], before?: () => void): number {
      return write(() =>
        db
          .transaction(() => {
            before?.();
            const at = isoNow(clock);
            for (const change of changes) {
              const overlay = change.overlay === null ? null : JSON.stringify(change.overlay);
              insertBatched.run(
                change.kind,
                change.reference,
                JSON.stringify(change.payload),
                JSON.stringify(change.base),
                change.slot,
                change.reason,
                overlay,
                at,
                batch,
                JSON.stringify(setFields(change.payload)),
              );
            }
            return changes.length;
          })
          .immediate(),
      );
    },
    /** Every change of a batch, whatever became of it, oldest first. */
    batch(batch: string): PendingChange[] {
      return rows(ofBatch.all(batch));
    },
    /** Takes back every change of a batch not sent yet whose fields are all the batch's; returns those discarded. */
    discardBatch(batch: string): PendingChange[] {
      return write(
        () => rows(discardBatch.all(isoNow(clock), batch)),
        (discarded) => discarded.length > 0,
      );
    },
    get(id: number): PendingChange | null {
      const row = byId.get(id);
      return row === undefined ? null : toChange(row);
    },
    /** Changes waiting to be sent (a send cut short included), oldest first. */
    unsent(): PendingChange[] {
      return rows(unsent.all());
    },
    unsentCount(): number {
      return unsentCount.get() ?? 0;
    },
    /** Every change still bearing on its listing, oldest first. */
    open(): PendingChange[] {
      return rows(open.all());
    },
    /** The open changes of `references`, oldest first (none open at all: only a probe). */
    openOf(references: readonly string[]): Map<string, PendingChange[]> {
      const out = new Map<string, PendingChange[]>();
      if (references.length === 0 || anyOpen.get() === undefined) return out;
      for (const change of rows(openAmong.all(JSON.stringify(references)))) {
        const of = out.get(change.reference);
        if (of) of.push(change);
        else out.set(change.reference, [change]);
      }
      return out;
    },
    /** Every change of one listing the ledger holds, whatever became of it, oldest first. */
    of(reference: string): PendingChange[] {
      return rows(of.all(reference));
    },
    recent(limit = 50): PendingChange[] {
      return rows(recent.all(limit));
    },
    /** Listings with a change the portal accepted and no read has confirmed: a sync reads them again. */
    awaitingConfirmation(): string[] {
      return awaiting.all();
    },
    /** Listings with a change of `kind` unsent or sent, not confirmed: they will take room in the plan. */
    inFlight(kind: string): number {
      return inFlight.get(kind) ?? 0;
    },
    /** Just before the request goes out: from now until an answer is written, its fate is unknown. False: it was discarded (not sent). */
    markSending(id: number): boolean {
      return write(() => sending.run(isoNow(clock), id).changes, changes) > 0;
    },
    markSent(id: number): void {
      write(() => sent.run(isoNow(clock), id).changes, changes);
    },
    /**
     * `final`: the portal refused it for good; otherwise it waits for the next sync. `unanswered`:
     * no answer came back (it may have arrived): it stays sending, so the next attempt checks first.
     */
    markFailed(id: number, error: MessageRef | ChangeError, final: boolean, unanswered = false, fields?: Readonly<Record<string, string>>): void {
      const status: ChangeStatus = final ? 'refused' : unanswered ? 'sending' : 'pending';
      const params = error.params === undefined ? null : JSON.stringify(error.params);
      write(
        () =>
          db.transaction(() => {
            const n = attempt.run(status, isoNow(clock), error.code, params, unanswered ? 1 : 0, id).changes;
            if (n > 0) refusedFields.run(fields === undefined || Object.keys(fields).length === 0 ? null : JSON.stringify(fields), id);
            return n;
          })(),
        changes,
      );
    },
    /** A read showed it: it no longer bears on its listing. */
    confirm(id: number): boolean {
      return write(() => confirm.run(isoNow(clock), id).changes, changes) > 0;
    },
    /** It no longer bears on its listing, its status kept (a refusal the listing later showed as asked). */
    close(id: number): boolean {
      return write(() => close.run(isoNow(clock), id).changes, changes) > 0;
    },
    /**
     * The open change of `kind` on `reference` not sent yet (or refused), which a new one of a
     * merging kind joins. One whose send was cut short keeps its `sendingSince`: before it goes
     * again the portal is read, as for any such send.
     */
    mergeable(kind: string, reference: string): PendingChange | null {
      const row = mergeable.get(kind, reference);
      return row === undefined ? null : toChange(row);
    },
    /** Replaces a change's content (merged, or a conflict resolved): it waits to be sent again, its last refusal forgotten. False: no longer revisable (sent meanwhile). */
    revise(id: number, change: RevisedChange): boolean {
      const overlay = change.overlay === null ? null : JSON.stringify(change.overlay);
      const conflict = change.conflict === null ? null : JSON.stringify(change.conflict);
      const before = byId.get(id);
      // The batch keeps the fields still in the payload that the dealer did not set again.
      const set = new Set(setFields(change.payload));
      const batchFields =
        before?.batch_fields == null
          ? null
          : JSON.stringify((JSON.parse(before.batch_fields) as string[]).filter((f) => set.has(f) && !(change.retaken ?? []).includes(f)));
      return write(() => revise.run(JSON.stringify(change.payload), JSON.stringify(change.base), overlay, conflict, batchFields, id).changes, changes) > 0;
    },
    /**
     * Not sent: its whole body failed Showroom's own checks (`issues`, the failed fields). Refused
     * like a portal refusal (shown, counted, fixed or discarded by the dealer), never sent as it is.
     */
    refuseByChecks(id: number, error: MessageRef | ChangeError, issues: readonly WriteIssue[]): void {
      const params = error.params === undefined ? null : JSON.stringify(error.params);
      write(() => refuseByChecks.run(isoNow(clock), error.code, params, JSON.stringify(issues), id).changes, changes);
    },
    /** Not sent: a field it changes was changed on the portal too; it waits for the dealer (`revise` clears it). */
    hold(id: number, conflict: ChangeConflict): void {
      write(() => hold.run(JSON.stringify(conflict), isoNow(clock), id).changes, changes);
    },
    /** Taken back by the dealer; only before it is sent. */
    discard(id: number): boolean {
      return write(() => discard.run(isoNow(clock), id).changes, changes) > 0;
    },
    /**
     * Marks not applied the accepted changes of `read` (listings a sync has just read and not found
     * as asked: call it after the confirmations), of `kinds`, sent more than NOT_APPLIED_AFTER_MS ago.
     */
    markNotApplied(read: readonly string[], kinds: readonly string[]): number {
      if (read.length === 0 || kinds.length === 0) return 0;
      const now = clock().getTime();
      const cutoff = new Date(now - NOT_APPLIED_AFTER_MS).toISOString();
      return write(() => notApplied.run(new Date(now).toISOString(), cutoff, JSON.stringify(read), JSON.stringify(kinds)).changes, changes);
    },
  };
}
