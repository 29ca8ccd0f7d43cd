// Writes the dealer asked for that the portal has not confirmed yet. They survive a crash, a
// cancel and a network loss; the sync engine flushes them before it pulls.
import { isoNow, type Clock } from './clock';
import type { Db } from './db';

export type OutboxKind = 'unpublish';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  reference: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  status: OutboxStatus;
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
});

export type OutboxStore = ReturnType<typeof createOutboxStore>;

export function createOutboxStore(db: Db, clock: Clock) {
  const findPending = db.prepare<[OutboxKind, string], DbEntry>("SELECT * FROM outbox WHERE kind = ? AND reference = ? AND status = 'pending'");
  const insert = db.prepare("INSERT INTO outbox (kind, reference, created_at) VALUES (?, ?, ?)");
  const byId = db.prepare<[number], DbEntry>('SELECT * FROM outbox WHERE id = ?');
  const pending = db.prepare<[], DbEntry>("SELECT * FROM outbox WHERE status = 'pending' ORDER BY id");
  const recent = db.prepare<[number], DbEntry>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?');
  const sent = db.prepare("UPDATE outbox SET status = 'sent', attempts = attempts + 1, last_attempt_at = ?, last_error = NULL WHERE id = ?");
  const attempt = db.prepare('UPDATE outbox SET status = ?, attempts = attempts + 1, last_attempt_at = ?, last_error = ? WHERE id = ?');

  return {
    /** Queues an unpublish; asking twice before it is sent queues it once. */
    enqueue(kind: OutboxKind, reference: string): OutboxEntry {
      return db.transaction(() => {
        const existing = findPending.get(kind, reference);
        if (existing) return toEntry(existing);
        const id = Number(insert.run(kind, reference, isoNow(clock)).lastInsertRowid);
        return toEntry(byId.get(id) as DbEntry);
      }).immediate();
    },
    pending(): OutboxEntry[] {
      return pending.all().map(toEntry);
    },
    recent(limit = 50): OutboxEntry[] {
      return recent.all(limit).map(toEntry);
    },
    markSent(id: number): void {
      sent.run(isoNow(clock), id);
    },
    /** `final`: the portal refused it for good (4xx); otherwise it stays pending for the next sync. */
    markFailed(id: number, message: string, final: boolean): void {
      attempt.run(final ? 'failed' : 'pending', isoNow(clock), message, id);
    },
  };
}
