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
