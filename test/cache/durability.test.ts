// What exists only on this computer survives what the cache may suffer (issue 12, defect 6): the
// outbox lives in its own file written with full durability, and a cache file found empty or
// swapped is said, never silently started afresh while queued unpublishes are lost.
import { copyFileSync, rmSync, truncateSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache/index';
import { localFileFor } from '../../src/main/cache/local';
import { sqlOf, tempDir, type TempDir } from './helpers';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/** A cache with one queued unpublish, closed. */
function withQueuedUnpublish(file = t.file()): void {
  const cache = openCache(file);
  cache.outbox.enqueue('unpublish', 'REF-1');
  cache.close();
}

describe('the dealer’s queued writes', () => {
  it('live in a file of their own, written with synchronous=FULL (the listings keep NORMAL)', () => {
    const cache = openCache(t.file());
    expect(sqlOf(cache).pragma('local.synchronous', { simple: true })).toBe(2);
    expect(sqlOf(cache).pragma('main.synchronous', { simple: true })).toBe(1);
    cache.outbox.enqueue('unpublish', 'REF-1');
    cache.close();
    const local = new Database(localFileFor(t.file()), { readonly: true });
    expect(local.prepare('SELECT reference, status FROM outbox').all()).toEqual([{ reference: 'REF-1', status: 'pending' }]);
    local.close();
    const main = new Database(t.file(), { readonly: true });
    expect(main.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'outbox'").pluck().get()).toBe(0);
    main.close();
  });

  it('a cache file truncated to 0 bytes: the queued unpublish is kept, and the reset is said', () => {
    withQueuedUnpublish();
    for (const suffix of ['-wal', '-shm']) rmSync(t.file() + suffix, { force: true });
    truncateSync(t.file(), 0);
    const cache = openCache(t.file());
    expect(cache.outbox.pending().map((e) => e.reference)).toEqual(['REF-1']);
    expect(cache.identityNotice()).toMatchObject({ kind: 'reset', pendingKept: 1 });
    cache.acknowledgeIdentityNotice();
    expect(cache.identityNotice()).toBeNull();
    cache.close();
    // Said once: the next open is quiet.
    const again = openCache(t.file());
    expect(again.identityNotice()).toBeNull();
    again.close();
  });

  it('a cache file replaced by another one (a copy from elsewhere) is said', () => {
    withQueuedUnpublish();
    openCache(t.file('other.db')).close();
    for (const suffix of ['-wal', '-shm']) rmSync(t.file() + suffix, { force: true });
    copyFileSync(t.file('other.db'), t.file());
    const cache = openCache(t.file());
    expect(cache.identityNotice()).toMatchObject({ kind: 'replaced', pendingKept: 1 });
    expect(cache.outbox.pending()).toHaveLength(1);
    cache.close();
  });

  it('the queued-writes file gone: said, since unpublishes queued before may be lost', () => {
    withQueuedUnpublish();
    for (const suffix of ['', '-wal', '-shm']) rmSync(localFileFor(t.file()) + suffix, { force: true });
    const cache = openCache(t.file());
    expect(cache.identityNotice()).toMatchObject({ kind: 'local_lost' });
    cache.close();
  });

  it('a new cache says nothing', () => {
    const cache = openCache(t.file());
    expect(cache.identityNotice()).toBeNull();
    cache.close();
  });
});

describe('the queued-writes file from before publish and highlight (local version 1)', () => {
  it('is upgraded in place: every entry kept as it was, and the new kinds and the confirmed status accepted', () => {
    const file = t.file();
    withQueuedUnpublish(file);
    // Back to version 1 as it shipped: the narrower checks, the one entry.
    const old = new Database(localFileFor(file));
    old.exec(`
      CREATE TABLE outbox_v1 (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('unpublish')),
        reference TEXT NOT NULL,
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_attempt_at TEXT,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        sending_since TEXT
      );
      INSERT INTO outbox_v1 SELECT id, kind, reference, created_at, attempts, last_error, last_attempt_at, status, sending_since FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_v1 RENAME TO outbox;
      CREATE INDEX outbox_by_status ON outbox(status, id);
      UPDATE outbox SET last_error = 'offline', attempts = 2, sending_since = '2025-03-01T12:00:00.000Z';
    `);
    old.pragma('user_version = 1');
    const before = old.prepare('SELECT * FROM outbox').all();
    old.close();

    const cache = openCache(file);
    expect(sqlOf(cache).pragma('local.user_version', { simple: true })).toBe(3);
    // Version 3 adds when a request was found not applied: none was.
    expect(sqlOf(cache).prepare('SELECT * FROM local.outbox').all()).toEqual(before.map((row) => ({ ...(row as object), not_applied_at: null })));
    expect(cache.outbox.pending().map((e) => [e.kind, e.reference, e.attempts, e.lastError])).toEqual([['unpublish', 'REF-1', 2, 'offline']]);
    const publish = cache.outbox.enqueue('publish', 'REF-2');
    cache.outbox.markSent(publish.id);
    expect(cache.outbox.enqueue('highlight', 'REF-2').kind).toBe('highlight');
    expect(() => sqlOf(cache).prepare("UPDATE local.outbox SET status = 'confirmed' WHERE id = ?").run(publish.id)).not.toThrow();
    expect(() => sqlOf(cache).prepare("INSERT INTO local.outbox (kind, reference, created_at) VALUES ('delete', 'X', 'now')").run()).toThrow(/CHECK/);
    cache.close();
  });
});
