// A sync pass as the sync engine drives it. Pages are staged as they arrive (each page its own
// short transaction, so the dealer's own writes such as an unpublish are never blocked for
// long); the inventory the dealer browses stays the previous snapshot until `commit`, which
// applies the whole pass in one transaction. Anything else (`abandon`, an exception, a crash)
// leaves that snapshot exactly as it was.
import { type AppErrorShape } from '../../shared/errors';
import { codedError } from '../../shared/i18n/messages';
import { CHANGES_KEPT_PER_RUN, type ListingChange } from '../../shared/listing-changes';
import type { ChangeStore } from './changes-store';
import type { DepartedStore } from './departed-store';
import type { PriceHistoryStore } from './price-history-store';
import { isoNow, type Clock } from './clock';
import { quickCheck, type Db } from './db';
import { noteIntegrityChecked } from './integrity';
import { META_KEYS, type MetaStore } from './meta';
import type { SyncKind } from '../../shared/views';
import type { SyncCounts, SyncEnd, SyncRunStore } from './runs';
import { lazyReceivedVehicle, stagedVehicle, type ReceivedVehicle, type UpsertCounts, type UpsertOptions, type VehicleStore } from './vehicles';

export interface PassResult {
  runId: number;
  kind: SyncKind;
  counts: UpsertCounts & { removed: number };
  removedReferences: string[];
}

export interface CommitOptions extends Pick<UpsertOptions, 'planFull'> {
  /** When the pass began reading (the sync's clock): what it read of listings' links is as of then at the earliest. */
  readSince?: number;
}

export interface SyncPass {
  readonly runId: number;
  readonly kind: SyncKind;
  /** Stages one page's items exactly as received (each item is the parsed JSON value of a `data` element). */
  stage(items: readonly unknown[]): void;
  /** Number of items staged so far. */
  readonly staged: number;
  /**
   * Applies the pass in one transaction: upserts with publication events, removals when `full`,
   * the run's record and the last-sync time. `extra` carries the engine's own counts (pages, requests, failed).
   */
  commit(extra?: Partial<SyncCounts>, options?: CommitOptions): PassResult;
  /** Drops what was staged and records how the run ended; the previous snapshot stays. */
  abandon(outcome: Exclude<SyncEnd, 'succeeded'>, error?: AppErrorShape | null, extra?: Partial<SyncCounts>): void;
}

/** Staged listings read and written per step of a commit (the bench writes its stock the same way). */
export const COMMIT_BATCH = 500;

export interface SyncPasses {
  /** Starts a pass (and its sync run record). Only one pass runs at a time; the sync engine enforces it. */
  begin(kind: SyncKind): SyncPass;
}

export interface SyncPassStores {
  vehicles: VehicleStore;
  runs: SyncRunStore;
  meta: MetaStore;
  changes: ChangeStore;
  prices: PriceHistoryStore;
  departed: DepartedStore;
}

export function createSyncPasses(db: Db, clock: Clock, { vehicles, runs, meta, changes, prices, departed }: SyncPassStores): SyncPasses {
  // Pages wait in a TEMP table: it lives and dies with this connection, so a crash can only
  // lose what was never committed anyway, and it skips the durability work of the main file.
  // Each item is staged with its reference and the hash of its text, worked out while the
  // network is the bottleneck: the commit then parses only the listings that are new or changed.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS sync_staging (
    run_id INTEGER NOT NULL, seq INTEGER NOT NULL, raw TEXT NOT NULL, hash TEXT NOT NULL, reference TEXT, PRIMARY KEY (run_id, seq)
  ) WITHOUT ROWID`);
  const insertStaged = db.prepare('INSERT INTO temp.sync_staging (run_id, seq, raw, hash, reference) VALUES (?, ?, ?, ?, ?)');
  const readStaged = db.prepare<[number, number, number], { seq: number; raw: string; hash: string; reference: string | null }>(
    'SELECT seq, raw, hash, reference FROM temp.sync_staging WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const clearStaged = db.prepare('DELETE FROM temp.sync_staging WHERE run_id = ?');
  const clearAllStaged = db.prepare('DELETE FROM temp.sync_staging');
  // A listing whose stored JSON was damaged on disk (or lost) looks unchanged to a pass, which
  // compares hashes only: forgetting its hash makes the full pass write it again from the portal.
  const forgetDamagedCopies = db.prepare(`
    UPDATE vehicles SET raw_hash = NULL
     WHERE raw_hash IS NOT NULL
       AND id IN (SELECT v.id FROM vehicles v LEFT JOIN vehicle_json j ON j.vehicle_id = v.id WHERE j.vehicle_id IS NULL OR NOT json_valid(j.raw) OR NOT json_valid(j.problems))`);

  return {
    begin(kind: SyncKind): SyncPass {
      // Leftovers of a pass a crash interrupted are worthless: they were never committed.
      const damaged = db
        .transaction(() => {
          clearAllStaged.run();
          runs.closeAbandoned();
          return kind === 'full' ? forgetDamagedCopies.run().changes : 0;
        })
        .immediate();
      const runId = runs.start(kind);
      let seq = 0;
      let open = true;
      const ensureOpen = () => {
        if (!open) throw codedError('internal', { code: 'app.internal' }, { reason: 'sync_pass_finished', runId });
      };
      const stagePage = db.transaction((items: readonly unknown[]) => {
        // Verbatim text of each item; stringifying here keeps unknown and invalid fields too.
        for (const item of items) {
          const staged = stagedVehicle(item);
          insertStaged.run(runId, ++seq, staged.raw, staged.hash, staged.reference);
        }
      });

      /** The staged listings in the order they arrived, a batch at a time, parsed only when new or changed. */
      function* stagedBatches(): Generator<ReceivedVehicle[]> {
        for (let after = 0, batch = readStaged.all(runId, after, COMMIT_BATCH); batch.length > 0; batch = readStaged.all(runId, after, COMMIT_BATCH)) {
          after = batch[batch.length - 1]?.seq ?? after;
          yield batch.map(lazyReceivedVehicle);
        }
      }

      const apply = db.transaction((extra: Partial<SyncCounts>, { planFull = false, readSince }: CommitOptions): PassResult => {
        // A first sync into an empty cache: every listing is new, and its count says so; listing
        // them all would cost the commit a row per listing for a list nobody reads.
        const firstSync = vehicles.isEmpty();
        vehicles.clearLastSyncMarks();
        const changed: ListingChange[] = [];
        const onChange = firstSync
          ? undefined
          : (change: ListingChange) => {
              if (changed.length < CHANGES_KEPT_PER_RUN) changed.push(change);
            };
        // The whole pass at once, so that the store sees a first sync's size (its bulk load).
        const counts = vehicles.upsertBatches(stagedBatches(), seq, { runId, markChanged: !firstSync, planFull, ...(onChange ? { onChange } : {}) });
        if (readSince !== undefined) vehicles.noteLinksRead(runId, readSince);
        prices.recordSeen(runId, firstSync);
        departed.forgetReturned(runId);
        changes.record(runId, changed);
        if (kind === 'full') changes.recordNotSeen(runId);
        const removedReferences = kind === 'full' ? vehicles.removeNotSeen(runId) : [];
        changes.prune();
        clearStaged.run(runId);
        const all = { ...counts, removed: removedReferences.length, ...(damaged > 0 ? { repaired: damaged } : {}), ...(firstSync ? { firstSync: 1 } : {}) };
        runs.finish(runId, 'succeeded', { ...extra, ...all });
        runs.recordStock(runId);
        meta.set(META_KEYS.lastSyncAt, isoNow(clock));
        // A full pass has just read and rewritten the inventory: the moment to check the file's
        // structure, before the sync is called a success. Damage on a page the pass never touched
        // (a garbled index, another table) would otherwise go on being used; found here, the
        // pass is rolled back and the dealer is told to rebuild.
        if (kind === 'full') {
          quickCheck(db, db.name);
          noteIntegrityChecked(db, clock().getTime());
        }
        return { runId, kind, counts: all, removedReferences };
      });

      return {
        runId,
        kind,
        get staged() {
          return seq;
        },
        stage(items) {
          ensureOpen();
          stagePage(items);
        },
        commit(extra = {}, options = {}) {
          ensureOpen();
          const result = apply(extra, options);
          open = false;
          return result;
        },
        abandon(outcome, error = null, extra = {}) {
          if (!open) return;
          open = false;
          db.transaction(() => {
            clearStaged.run(runId);
            runs.finish(runId, outcome, extra, error);
          })();
        },
      };
    },
  };
}
