import type { Clock } from '../cache/clock';
// What one open account offers, whoever hosts it: the session itself in this thread
// (`openAccountSession`) or in a worker thread (`openAccountSessionInWorker`, the same interface
// over messages). Every method is async and every value plain data, so the two are interchangeable.
import type { CatalogueRefresh, CatalogueView } from '../../shared/catalogue';
import type { Insights } from '../../shared/insights';
import type { RepriceBatchView, RepricePreviewView, RepriceRuleInput, RepriceSaved, RepriceScope } from '../../shared/reprice';
import type { FacetCounts, InventoryQuery, InventorySummary } from '../../shared/inventory';
import type { SyncChangesView } from '../../shared/listing-changes';
import type {
  CacheClearedView,
  InventoryPage,
  PlanView,
  PortalStatusView,
  PublicationAction,
  PublicationOutcome,
  PublicationRoom,
  SyncProgress,
  SyncStatusView,
  VehicleDetailView,
} from '../../shared/views';
import type { AccountSettings } from '../accounts';
import type { CacheIdentityNotice } from '../../shared/views';
import type { ExportOptions, ExportProgress, ExportResult, SoldExportOptions } from '../export';
import type { PhotoFile } from '../photos';
import type { Logger } from '../base/logger';
import type { SyncHolder } from '../sync/lock';
import type { SyncRunReport } from '../sync';
import type { AccountPaths } from './paths';
import type { DiscardTarget, EditOutcome, NewListingView, PendingChangeView, ResolveChoice } from '../../shared/pending-changes';
import type { PriceHistoryView, PriceOrigin } from '../../shared/price-history';
import type { DepartedQuery, DepartedResult, SaleOutcome } from '../../shared/sold';

/** Which account to open and how: plain data (it crosses to the worker). */
export interface AccountSessionSpec {
  accountId: string;
  baseUrl: string;
  settings: AccountSettings;
  paths: AccountPaths;
  /** Named to another process that finds this one syncing the same account. */
  holder: SyncHolder;
  /** The environment's proxy settings (HTTPS_PROXY, NO_PROXY…), for a session that makes its own fetch. */
  env?: Record<string, string | undefined>;
}

/** What the host gives the session: the secret, its HTTP client's fetch when it has its own, its log. */
export interface SessionHost {
  /** Read when a JWT is due (the keychain, or SHOWROOM_TOKEN); the host registers it with its redactor. */
  integrationToken(): Promise<string>;
  /** The host's fetch (Electron's net.fetch: the OS proxy and certificates); default Node's, through `spec.env`'s proxy. */
  fetch?: typeof globalThis.fetch | undefined;
  log: Logger;
  /** The cache's clock (tests freeze it; a worker's host cannot pass one): the system's by default. */
  clock?: Clock | undefined;
}

export interface AccountStateView {
  /** When the last sync that worked ended. */
  lastSyncAt: string | null;
  /** When the portal refused the integration token, if it has not accepted it since. */
  tokenRefusedAt: string | null;
}

export type SyncRunKind = 'full' | 'incremental' | 'auto';

export interface SyncStartOptions {
  kind: SyncRunKind;
  /** Started by the app itself (the demo's first sync, after a rebuild): the dealer's start joins it instead of "busy". */
  automatic?: boolean;
  /** false: no photo step (the CLI's --no-photos). */
  photos?: boolean;
}

export interface SyncStarted {
  runId: string;
  /** The run's record once it ends (succeeded, failed or cancelled); never rejects. */
  done: Promise<SyncRunReport>;
}

/** 'time': the counts changed with time alone (time-changes.ts). */
export type ChangeReason = 'sync' | 'photos' | 'publication' | 'time';

export type SessionEvent =
  | { type: 'progress'; progress: SyncProgress }
  /** A run ended (any outcome), started here or joined. */
  | { type: 'finished'; run: SyncRunReport }
  /** The local inventory changed: lists and the open listing read again. */
  | { type: 'changed'; reason: ChangeReason }
  | { type: 'status'; status: PortalStatusView }
  | { type: 'exportProgress'; progress: ExportProgress }
  /** The worker stopped unexpectedly and was started again (the worker host only); calls in flight failed. */
  | { type: 'restarted'; reason: string };

export type SessionListener = (event: SessionEvent) => void;

export interface AccountSession {
  readonly accountId: string;
  /** The photo cache folder (the photo route checks containment against it). */
  readonly photosDir: string;
  subscribe(listener: SessionListener): () => void;
  /** The portal status as last heard (kept current by 'status' events). */
  portalStatus(): PortalStatusView;

  query(query: InventoryQuery): Promise<InventoryPage>;
  facets(query: InventoryQuery): Promise<FacetCounts>;
  summary(): Promise<InventorySummary>;
  /** The stock at a glance: a few dozen figures computed over the cache (cache/insights.ts). */
  insights(): Promise<Insights>;
  /** "Did you mean …?" for a search that found nothing (cache/suggest.ts): the corrected text, or null. */
  suggestSearch(text: string): Promise<string | null>;
  /**
   * One listing in full; online, its photos never tried are fetched in the background ('changed'
   * photos), and with fetchPhotos 'retry' the ones that failed as well.
   */
  vehicle(reference: string, options?: { fetchPhotos?: boolean | 'retry' }): Promise<VehicleDetailView>;
  /** Any publication request (unpublish, publish again, highlight on or off), the same way; what the plan has no room for is not sent ('no_room'). */
  requestPublication(action: PublicationAction, references: string[]): Promise<PublicationOutcome[]>;
  /** What the plan leaves for publishing and highlighting, less the requests on their way (from the plan last read). */
  publicationRoom(): Promise<PublicationRoom>;
  /** The changes the portal has not confirmed yet, oldest first (the pending-change ledger). */
  pendingChanges(): Promise<PendingChangeView[]>;
  /** Takes back changes not sent yet (one by id, or a listing's); returns those discarded. Sent ones: bad_input. */
  discardChanges(target: DiscardTarget): Promise<PendingChangeView[]>;
  /**
   * Edits a listing: the fields the dealer changed (shared/listing-write.ts), checked, saved in the
   * ledger (a second edit before sending joins the first), sent now when the portal answers. A bad
   * value, or a listing the portal would refuse: bad_input naming every field (detail.fields).
   */
  editListing(reference: string, fields: unknown, origin?: PriceOrigin): Promise<EditOutcome>;
  /** Marks listings as sold: saved in the ledger; `send` delivers them now (else at the next sync, cancellable until then). */
  markSold(references: readonly string[], options: { send: boolean }): Promise<SaleOutcome[]>;
  /** Every price a sync read and the dealer set for a listing (in stock or departed), oldest first. */
  priceHistory(reference: string): Promise<PriceHistoryView>;
  /** Listings that left the inventory, sold or removed, with their last data (the Sold view). */
  departedListings(query: DepartedQuery): Promise<DepartedResult>;
  /** Sends again every photo Showroom sent of these listings (the portal rejected some); none given: every listing it can. */
  sendPhotosAgain(references?: readonly string[]): Promise<EditOutcome[]>;
  /** The listings whose rejected photos Showroom can send again (it sent them and knows every address). */
  photosAgainCandidates(): Promise<string[]>;
  /** The dealer's choice on a listing's held edit (a conflict): theirs or the portal's, for one field or all. */
  resolveEdit(reference: string, choice: ResolveChoice): Promise<EditOutcome>;
  /** What a repricing rule would do to the listings of a view or a selection (shared/reprice.ts); nothing saved. */
  previewReprice(scope: RepriceScope, rule: RepriceRuleInput, limit?: number): Promise<RepricePreviewView>;
  /** Saves a repricing rule's changes as pending edits of the price, one batch in one durable step; the next sync sends them. */
  confirmReprice(scope: RepriceScope, rule: RepriceRuleInput): Promise<RepriceSaved>;
  /** What became of a repricing's batch: waiting, sent, confirmed, refused in the portal's words. */
  repriceBatch(batch: string): Promise<RepriceBatchView>;
  /** Takes back every change of a repricing's batch not sent yet. */
  discardReprice(batch: string): Promise<RepriceBatchView>;
  /**
   * A new listing: every field of the write shape, checked, its reference against the inventory and
   * the other new listings, saved in the ledger (replacing the draft `replaces`), sent now when the
   * portal answers. Refusals: bad_input naming every field (detail.fields).
   */
  createListing(fields: unknown, replaces?: number): Promise<EditOutcome>;
  /** The new listings not on the portal yet: drafts, being created, refused. */
  newListings(): Promise<NewListingView[]>;

  /** Answers at once with the run's id; the end comes as `done` and a 'finished' event. */
  startSync(options: SyncStartOptions): Promise<SyncStarted>;
  cancelSync(): Promise<void>;
  syncStatus(): Promise<SyncStatusView>;
  history(limit: number): Promise<SyncRunReport[]>;
  /** Which listings a run (the last finished one by default) added, changed, saw dropped or removed, and the fields that changed. */
  changes(runId?: string): Promise<SyncChangesView>;
  /** The portal's catalogue as mirrored in the cache (no request): what the edit form picks from, offline too. */
  catalogue(): Promise<CatalogueView>;
  /** Reads the catalogue now (whole, one brand's models or one model's trims) into the mirror; offline or refused: throws. */
  refreshCatalogue(target: CatalogueRefresh): Promise<CatalogueView>;
  /** Live when `refresh` and the portal answers, else the copy the last sync read (null: none yet). */
  plan(options: { refresh: boolean }): Promise<PlanView | null>;
  /** Read from the cache now: what a sync or a refusal in another process (the CLI) changed shows too. */
  accountState(): Promise<AccountStateView>;

  photo(id: string): Promise<PhotoFile | undefined>;
  photoUsage(): Promise<{ bytes: number; files: number; budgetBytes: number }>;
  /** The budget applies now, the photo mode to the next sync. */
  applySettings(settings: AccountSettings): Promise<void>;
  /** The integration token was replaced: the next request asks for a new JWT. */
  tokenReplaced(): Promise<void>;

  identityNotice(): Promise<CacheIdentityNotice | null>;
  acknowledgeIdentityNotice(): Promise<void>;
  /** What clearing the cache would remove (asked before it is closed and deleted). */
  clearStats(): Promise<CacheClearedView>;
  /** Every listing the query selects, to a file; progress as 'exportProgress' events; close() stops it. */
  exportInventory(options: Omit<ExportOptions, 'onProgress' | 'signal'>): Promise<ExportResult>;
  /** The Sold view's listings its query selects, to a file, as exportInventory. */
  exportSold(options: Omit<SoldExportOptions, 'onProgress' | 'signal'>): Promise<ExportResult>;
  /** Stops the exports running (each fails with 'cancelled' and leaves no file). */
  cancelExport(): Promise<void>;

  /** Stops the sync and background work, then closes the database. */
  close(): Promise<void>;
}
