// What exists only on this computer — the dealer's pending changes (the ledger) — lives in a small
// database file of its own beside the cache, attached to the cache's connection as `local`:
// - it is written with full durability (synchronous=FULL: each commit reaches the disk before
//   the dealer is told "saved"), while the cache's listings, which the next sync restores, keep
//   the faster NORMAL;
// - a damaged, reset or replaced cache file never takes it along, and rebuilding the cache from
//   the portal leaves it as it is.
// Both files carry the same identity (a random id written when the cache was created), so a cache
// file found empty, or swapped for another, is noticed and said instead of silently starting afresh.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { codedError } from '../../shared/i18n/messages';
import type { Db } from './connection';
import type { CacheIdentityNotice } from '../../shared/views';
import { switchToWal } from './wal-mode';
import { legacyOutboxView, up as pendingChangesStep } from './local-migrations/v4-pending-changes';
import { up as listingEditsStep } from './local-migrations/v5-listing-edits';
import { up as changeBatchesStep } from './local-migrations/v6-change-batches';
import { up as soldAndPricesStep } from './local-migrations/v7-sold-and-prices';
import { up as ownRefusalsStep } from './local-migrations/v9-own-refusals-and-batch-fields';

export const LOCAL_SCHEMA = 'local' as const;

/** `cache.sqlite` → `cache.local.sqlite`, in the same folder. */
export function localFileFor(cacheFile: string): string {
  if (cacheFile === '' || cacheFile === ':memory:') return ':memory:';
  const ext = extname(cacheFile);
  return join(dirname(cacheFile), `${basename(cacheFile, ext)}.local.sqlite`);
}

interface LocalMigration {
  version: number;
  up(db: Db): void;
}

// Numbered like the cache's own steps (migrations.ts), in `local`'s own user_version.
export const LOCAL_MIGRATIONS: readonly LocalMigration[] = [
  {
    version: 1,
    up(db) {
      db.exec(`
        CREATE TABLE local.outbox (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('unpublish')),
          reference TEXT NOT NULL,
          created_at TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          last_attempt_at TEXT,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
          -- Set, durably, just before a send; cleared when the answer is written down. Still set
          -- at the next flush: the send was interrupted, and the listing is read before sending again.
          sending_since TEXT
        );
        CREATE INDEX local.outbox_by_status ON outbox(status, id);
        CREATE TABLE local.local_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      `);
    },
  },
  {
    // Publish again and highlight go through the outbox too; 'confirmed': a sync read the listing
    // in the state asked for (an unpublish is confirmed on the listing's row instead). SQLite
    // cannot change a CHECK: the table is copied into one with the wider checks.
    version: 2,
    up(db) {
      db.exec(`
        CREATE TABLE local.outbox_v2 (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('unpublish', 'publish', 'highlight', 'unhighlight')),
          reference TEXT NOT NULL,
          created_at TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          last_attempt_at TEXT,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'confirmed')),
          -- Set, durably, just before a send; cleared when the answer is written down. Still set
          -- at the next flush: the send was interrupted, and the listing is read before sending again.
          sending_since TEXT
        );
        INSERT INTO local.outbox_v2 SELECT id, kind, reference, created_at, attempts, last_error, last_attempt_at, status, sending_since FROM local.outbox;
        DROP TABLE local.outbox;
        ALTER TABLE local.outbox_v2 RENAME TO outbox;
        CREATE INDEX local.outbox_by_status ON outbox(status, id);
        CREATE INDEX local.outbox_by_reference ON outbox(reference, id);
      `);
    },
  },
  {
    // A request the portal accepted but never applied: when a sync decided so.
    version: 3,
    up(db) {
      db.exec('ALTER TABLE local.outbox ADD COLUMN not_applied_at TEXT');
    },
  },
  {
    // The outbox becomes the pending-change ledger (ledger-store.ts), whatever the kind of change.
    version: 4,
    up: pendingChangesStep,
  },
  {
    // Edits: a change held by a conflict, a refusal's words by field, the video link typed here, the photo addresses sent.
    version: 5,
    up: listingEditsStep,
  },
  {
    // A batch of changes saved as one action (a bulk repricing), taken back as one.
    version: 6,
    up: changeBatchesStep,
  },
  {
    // Listings that left (sold or removed) with their last data; the prices the dealer set, with their origin.
    version: 7,
    up: soldAndPricesStep,
  },
  {
    // A change refused by Showroom's own checks (the failed fields); the fields of a batched change that are still the batch's.
    version: 9,
    up: ownRefusalsStep,
  },
];

const LOCAL_LATEST = LOCAL_MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

/** Attaches (creating if needed) the local-only file to the cache's connection. */
export function attachLocal(db: Db, cacheFile: string, readonly: boolean): void {
  const file = localFileFor(cacheFile);
  if (readonly && file !== ':memory:' && !existsSync(file)) {
    throw codedError('database', { code: 'cache.needsUpgrade' }, { file });
  }
  db.prepare(`ATTACH DATABASE ? AS ${LOCAL_SCHEMA}`).run(file);
  if (readonly) return;
  switchToWal(db, LOCAL_SCHEMA);
  db.pragma(`${LOCAL_SCHEMA}.synchronous = FULL`);
  const localVersion = () => db.pragma(`${LOCAL_SCHEMA}.user_version`, { simple: true }) as number;
  const version = localVersion();
  if (version > LOCAL_LATEST) {
    throw codedError(
      'database',
      { code: 'cache.newerSchema', params: { version, latest: LOCAL_LATEST } },
      {
        file,
        version,
        latest: LOCAL_LATEST,
      },
    );
  }
  for (const step of LOCAL_MIGRATIONS) {
    if (step.version <= version) continue;
    // The version read again under the write lock: another process may have run the step meanwhile (as migrations.ts).
    db.transaction(() => {
      if (localVersion() >= step.version) return;
      step.up(db);
      db.pragma(`${LOCAL_SCHEMA}.user_version = ${step.version}`);
    }).immediate();
  }
  if ((db.pragma('main.user_version', { simple: true }) as number) < 8) legacyOutboxView(db);
}

const ID_KEY = 'cache_id';
const NOTICE_KEY = 'cache.identity_notice';

/**
 * Ties the two files together. `fresh`: the cache file had no schema when opened. `expectFresh`:
 * a rebuild or a clear made it so on purpose (nothing to say). A notice is kept in the cache's
 * meta until acknowledged, so every place that shows the account can say it.
 */
export function checkIdentity(db: Db, options: { fresh: boolean; expectFresh?: boolean; now: () => Date }): void {
  // Read and written in one write transaction: another process opening the same new file
  // (two first syncs at once) names the pair too, and must see what this one wrote, not half of it.
  db.transaction(() => {
    const mainId = db.prepare<[string], string>('SELECT value FROM main.meta WHERE key = ?').pluck().get(ID_KEY) ?? null;
    const localId = db.prepare<[string], string>('SELECT value FROM local.local_meta WHERE key = ?').pluck().get(ID_KEY) ?? null;
    const pending = () => db.prepare<[], number>("SELECT count(*) FROM local.pending_changes WHERE status IN ('pending', 'sending')").pluck().get() ?? 0;
    const at = options.now().toISOString();
    let notice: CacheIdentityNotice | null = null;
    if (localId !== null && mainId === null && options.fresh && !options.expectFresh) notice = { kind: 'reset', at, pendingKept: pending() };
    else if (localId !== null && mainId !== null && localId !== mainId) notice = { kind: 'replaced', at, pendingKept: pending() };
    else if (localId === null && mainId !== null) notice = { kind: 'local_lost', at };
    const id = localId ?? mainId ?? randomUUID();
    db.prepare('INSERT INTO main.meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(ID_KEY, id);
    db.prepare('INSERT INTO local.local_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(ID_KEY, id);
    if (notice)
      db.prepare('INSERT INTO main.meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
        NOTICE_KEY,
        JSON.stringify(notice),
      );
  }).immediate();
}

/** The unacknowledged notice about the cache's identity, if any. */
export function identityNotice(db: Db): CacheIdentityNotice | null {
  const value = db.prepare<[string], string>('SELECT value FROM main.meta WHERE key = ?').pluck().get(NOTICE_KEY);
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as CacheIdentityNotice;
  } catch {
    return null;
  }
}

export function acknowledgeIdentityNotice(db: Db): void {
  db.prepare('DELETE FROM main.meta WHERE key = ?').run(NOTICE_KEY);
}
