// What exists only on this computer survives what the cache may suffer (issue 12, defect 6): the
// outbox lives in its own file written with full durability, and a cache file found empty or
// swapped is said, never silently started afresh while queued unpublishes are lost.
import { copyFileSync, rmSync, truncateSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/cache/index';
import { LOCAL_MIGRATIONS, localFileFor } from '../../src/main/cache/local';
import { sqlOf, tempDir, type TempDir } from './helpers';
import { createChanges } from '../../src/main/changes/ledger';

let t: TempDir;
beforeEach(() => {
  t = tempDir();
});
afterEach(() => t.cleanup());

/** A cache with one queued unpublish, closed. */
function withQueuedUnpublish(file = t.file()): void {
  const cache = openCache(file);
  createChanges(cache).save('unpublish', 'REF-1', {});
  cache.close();
}

describe('the dealer’s queued writes', () => {
  it('live in a file of their own, written with synchronous=FULL (the listings keep NORMAL)', () => {
    const cache = openCache(t.file());
    expect(sqlOf(cache).pragma('local.synchronous', { simple: true })).toBe(2);
    expect(sqlOf(cache).pragma('main.synchronous', { simple: true })).toBe(1);
    createChanges(cache).save('unpublish', 'REF-1', {});
    cache.close();
    const local = new Database(localFileFor(t.file()), { readonly: true });
    expect(local.prepare('SELECT reference, status FROM pending_changes').all()).toEqual([{ reference: 'REF-1', status: 'pending' }]);
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
    expect(cache.ledger.unsent().map((e) => e.reference)).toEqual(['REF-1']);
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
    expect(cache.ledger.unsent()).toHaveLength(1);
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
  it('is upgraded in place to the pending-change ledger: the entry kept with its meaning', () => {
    const file = t.file();
    withQueuedUnpublish(file);
    // Back to version 1 as it shipped: the outbox, one unpublish whose send was cut short.
    const old = new Database(localFileFor(file));
    old.exec(`
      DROP TABLE pending_changes;
      DROP TABLE listing_video;
      DROP TABLE sent_pictures;
      DROP TABLE dealer_prices;
      DROP TABLE departed_listings;
      CREATE TABLE outbox (
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
      CREATE INDEX outbox_by_status ON outbox(status, id);
      INSERT INTO outbox (id, kind, reference, created_at, attempts, last_error, sending_since)
        VALUES (7, 'unpublish', 'REF-1', '2025-03-01T11:00:00.000Z', 2, 'offline', '2025-03-01T12:00:00.000Z');
    `);
    old.pragma('user_version = 1');
    old.close();

    const cache = openCache(file);
    expect(sqlOf(cache).pragma('local.user_version', { simple: true })).toBe(Math.max(...LOCAL_MIGRATIONS.map((m) => m.version)));
    expect(cache.ledger.unsent()).toEqual([
      expect.objectContaining({
        id: 7,
        kind: 'unpublish',
        reference: 'REF-1',
        status: 'sending',
        attempts: 2,
        lastError: { code: 'ledger.said', params: { message: 'offline' } },
        createdAt: '2025-03-01T11:00:00.000Z',
        sendingSince: '2025-03-01T12:00:00.000Z',
      }),
    ]);
    expect(() => sqlOf(cache).prepare("UPDATE local.pending_changes SET status = 'lost' WHERE id = 7").run()).toThrow(/CHECK/);
    cache.close();
  });
});
