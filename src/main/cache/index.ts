// One account's local cache: open the file, get the stores and the inventory reads.
import type { Insights } from '../../shared/insights';
import type { FacetCounts, InventoryQuery, InventorySummary, VehicleDetail, VehicleQueryResult } from '../../shared/inventory';
import type { Vehicle } from '../../shared/vehicle';
import { systemClock, type Clock } from './clock';
import { openDatabase, quickCheck, type Db, type OpenDatabaseOptions } from './db';
import { generationOf } from './generation';
import { registerNow } from './now';
import { guarded } from './guard';
import type { CacheIdentityNotice } from '../../shared/views';
import { acknowledgeIdentityNotice, identityNotice } from './local';
import { createCatalogueStore, type CatalogueStore } from './catalogue-store';
import { createChangeStore, type ChangeStore } from './changes-store';
import { createDepartedStore, type DepartedStore } from './departed-store';
import { createMetaStore, type MetaStore } from './meta';
import { createLedgerStore, type LedgerStore } from './ledger-store';
import { createListingExtrasStore, type ListingExtrasStore } from './listing-extras-store';
import { createPhotoStore, type PhotoStore } from './photos-store';
import { createPriceHistoryStore, type PriceHistoryStore } from './price-history-store';
import { createInventoryQueries, type ListingPrice, type PriceColumns } from './query';
import { createInsightsQueries } from './insights';
import { createSyncRunStore, type SyncRunStore } from './runs';
import { searchIndexes } from './search-index';
import { savedSearchIndex } from './search-index-file';
import { countsChangeAt, snapshots } from './snapshot';
import { readVocabulary, suggestSearch, type Vocabulary } from './suggest';
import { createSummary } from './summary';
import { createSyncPasses, type SyncPasses } from './sync-pass';
import { recordConnection } from './testing';
import { createVehicleStore, type VehicleStore } from './vehicles';

export interface CacheOptions extends OpenDatabaseOptions {
  clock?: Clock;
}

export interface Cache {
  file: string;
  vehicles: VehicleStore;
  runs: SyncRunStore;
  /** What each sync run changed, listing by listing (the last runs only). */
  changes: ChangeStore;
  /** `passes.begin(kind)`: the sync engine's way to write a whole pass atomically. */
  passes: SyncPasses;
  photos: PhotoStore;
  /** The dealer's pending changes, every kind (main/changes). */
  ledger: LedgerStore;
  /** What only Showroom knows of a listing: the video link typed here, the photo addresses sent. */
  extras: ListingExtrasStore;
  /** The portal's catalogue as last read, for the edit form offline (schema 15). */
  catalogue: CatalogueStore;
  /** Each listing's prices: read by syncs (schema 16) and set by the dealer (local schema 7). */
  prices: PriceHistoryStore;
  /** Listings that left the inventory, sold or removed, with their last data (local schema 7). */
  departed: DepartedStore;
  meta: MetaStore;
  queryVehicles(query: InventoryQuery): VehicleQueryResult;
  countVehicles(query: InventoryQuery): number;
  explainQuery(query: InventoryQuery): { count: string[] | null; rows: string[] };
  getVehicle(reference: string): VehicleDetail | null;
  /** The listings as the portal sent them, by reference (an export's columns the list row lacks). */
  listingsOf(references: readonly string[]): Map<string, Vehicle>;
  /** The prices of the listings a query selects (no window) or of those named, in order (a bulk repricing's). */
  listingPrices(scope: { query: InventoryQuery } | { references: readonly string[] }): ListingPrice[];
  /** The same listings, in the same order, as a repricing's preview reads them: the prices from memory, a listing's words only when asked. */
  priceColumns(scope: { query: InventoryQuery } | { references: readonly string[] }): PriceColumns;
  /** Which of these listings have installments. */
  facetCounts(query: InventoryQuery): FacetCounts;
  summary(): InventorySummary;
  /** The stock at a glance (insights.ts): a few dozen figures over every listing. */
  insights(): Insights;
  /** "Did you mean …?" for a search that found nothing: the text with its unknown words corrected from the stock's own (suggest.ts), or null. */
  suggestSearch(text: string): string | null;
  /** When the counts above next change only because time passed (snapshot.ts), in ms on the cache's clock; Infinity: never. */
  countsChangeAt(): number;
  /**
   * Reads part of the in-memory search index (search-index.ts) for about `budgetMs`; true while
   * more remains. The reader thread calls it between questions; until it is read from the
   * listings as they are now, searches run in FTS5 alone. The first step at each state of the
   * listings only loads the index saved beside the cache file, if it was saved from that state.
   */
  indexSearch(budgetMs: number): boolean;
  transaction<T>(fn: () => T): T;
  /** After changing listings with raw SQL (not through `vehicles`): the next read sees them. */
  invalidate(): void;
  /** Which state of the listings a read saw (generation.ts): equal tokens, no listing changed in between. */
  listingsToken(): string;
  /** The cache file was found reset or replaced (local.ts), until acknowledged. */
  identityNotice(): CacheIdentityNotice | null;
  acknowledgeIdentityNotice(): void;
  /** SQLite's quick check of both files; throws the "damaged" error (db.ts). */
  quickCheck(): void;
  optimize(): void;
  close(): void;
}

/** Opens (creating and upgrading as needed) the cache file of one account. */
export function openCache(file: string, opts: CacheOptions = {}): Cache {
  return createCache(openDatabase(file, opts), opts.clock ?? systemClock);
}

export function createCache(db: Db, clock: Clock = systemClock): Cache {
  const file = db.name;
  // Before any statement that reads the time (the attention filter's SQL) is prepared.
  registerNow(db, clock);
  const guard = <T extends object>(store: T): T => guarded(store, file);
  const meta = guard(createMetaStore(db));
  const vehicles = guard(createVehicleStore(db, clock));
  const runs = guard(createSyncRunStore(db, clock));
  const changes = guard(createChangeStore(db));
  const prices = guard(createPriceHistoryStore(db, clock));
  const departed = guard(createDepartedStore(db));
  // The filter columns in memory, rebuilt after the listings change: counts, facets, summary, windows.
  const generation = generationOf(db);
  // The stock's words for "Did you mean", read again once the listings changed.
  let vocabulary: { token: string; words: Vocabulary } | null = null;
  const snapshot = snapshots(db, generation, () => clock().getTime());
  const current = () => snapshot.current();
  // The search's terms in memory, loaded from beside the cache or read in steps between questions (indexSearch).
  const indexes = searchIndexes(db, generation, savedSearchIndex(db, generation, file));
  const queries = createInventoryQueries(db, snapshot, indexes);
  const summary = createSummary(current, meta);
  // A listing that is not there is said so only once the file's structure is known sound: one
  // lost on a damaged page (its row's page garbled, say) is damage, never "no such listing".
  // Checked once per state of the listings: a batch of unknown references costs one check.
  let soundAt: string | null = null;
  const getVehicle = (reference: string): VehicleDetail | null => {
    const found = queries.getVehicle(reference);
    if (found !== null || soundAt === generation.token()) return found;
    quickCheck(db, file);
    soundAt = generation.token();
    return null;
  };
  const insights = createInsightsQueries(db, current);
  const cache: Cache = guard({
    file,
    vehicles,
    runs,
    changes,
    passes: guard(createSyncPasses(db, clock, { vehicles, runs, meta, changes, prices, departed })),
    photos: guard(createPhotoStore(db, clock)),
    ledger: guard(createLedgerStore(db, clock)),
    extras: guard(createListingExtrasStore(db, clock)),
    catalogue: guard(createCatalogueStore(db)),
    prices,
    departed,
    meta,
    queryVehicles: queries.queryVehicles.bind(queries),
    countVehicles: queries.countVehicles.bind(queries),
    explainQuery: queries.explainQuery.bind(queries),
    getVehicle,
    listingsOf: queries.listingsOf.bind(queries),
    listingPrices: queries.listingPrices.bind(queries),
    priceColumns: queries.priceColumns.bind(queries),
    facetCounts: queries.facetCounts.bind(queries),
    summary: summary.summary.bind(summary),
    insights: () => insights.insights(),
    countsChangeAt: () => countsChangeAt(db),
    suggestSearch(text: string): string | null {
      const token = generation.token();
      if (vocabulary === null || vocabulary.token !== token) vocabulary = { token, words: readVocabulary(db) };
      return suggestSearch(text, vocabulary.words);
    },
    indexSearch: (budgetMs: number) => indexes.step(budgetMs),
    /**
     * Runs `fn` in one transaction (nested calls become savepoints): all of it commits, or none.
     * IMMEDIATE: the write lock is taken (waiting out busy_timeout) before the first read, so a
     * transaction that reads then writes never fails at once on another process's write.
     */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
    invalidate(): void {
      generation.changed();
    },
    listingsToken: () => generation.token(),
    identityNotice: () => identityNotice(db),
    acknowledgeIdentityNotice: () => acknowledgeIdentityNotice(db),
    quickCheck: () => quickCheck(db, file),
    /** Refreshes the planner's statistics after big changes (cheap when nothing changed). */
    optimize(): void {
      db.pragma('optimize');
    },
    close(): void {
      if (!db.open) return;
      try {
        db.pragma('optimize');
      } catch {
        // Statistics are an optimisation: a damaged file must still close (and be rebuilt).
      } finally {
        db.close();
      }
    },
  });
  recordConnection(cache, db);
  return cache;
}

export { migrateTo, LATEST_VERSION, MIGRATIONS } from './migrations';
export { INDEX_STEP_MS } from './search-index';
export { receiveVehicle, type ReceivedVehicle, type UpsertCounts } from './vehicles';
export type { SyncPass, PassResult } from './sync-pass';
export type { ListingPrice, PriceColumns } from './query';
export type { SyncEnd, SyncRun, SyncCounts } from './runs';
export type { PhotoRecord, CachedFile, FileGroup } from './photos-store';
export { NOT_APPLIED_AFTER_MS } from './ledger-store';
export type { ChangeBase, ChangeConflict, ChangeError, FieldConflict, NewChange, PendingChange, RevisedChange } from './ledger-store';
export type { Clock } from './clock';
export type { VehicleStore, MetaStore, PhotoStore, LedgerStore, SyncRunStore, SyncPasses, ChangeStore, PriceHistoryStore, DepartedStore };
export { META_KEYS } from './meta';
