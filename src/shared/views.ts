// What the main process hands the renderer: plain, structured-clonable views.
// Nothing here ever carries the integration token or the JWT.
import type { ListingExtrasView, PendingEditView } from './pending-changes';
import type { AppErrorShape, ErrorDetail, MessageParams } from './errors';
import type { VehicleRow, ViewColumn } from './listing-columns';
import type { NotOnPortalReason } from './insights';
import type { PhotoStatus } from './inventory';
import type { Plan, PlanUsage } from './plan';
import type { Vehicle, VehicleProblem } from './vehicle';

// ── App ──────────────────────────────────────────────────────────────────────────────────────

export type UiLanguage = 'en' | 'pt-BR';
export type LanguageSetting = UiLanguage | 'system';

export interface AppInfoView {
  version: string;
  /** Folder holding the databases and the photo cache. Shown to the dealer. */
  dataFolder: string;
  logsFolder: string;
  /** `process.platform` of the main process: 'linux' | 'darwin' | 'win32' | … */
  platform: string;
  /** The operating system's locale (e.g. 'pt-BR'), used when the language setting is 'system'. */
  systemLanguage: string;
}

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────

export interface AccountView {
  id: string;
  name: string;
  /** As entered, normalised (no trailing slash). */
  baseUrl: string;
  /** The account the app shows. At most one is active. */
  active: boolean;
  /** The in-app sandbox portal (demo mode). */
  demo: boolean;
  createdAt: string;
  /** End of the last successful sync, ISO 8601; null before the first one. */
  lastSyncAt: string | null;
  /** The portal refused the stored integration token: the dealer must enter a new one. */
  tokenRefused: boolean;
}

export const CONNECTION_OUTCOMES = ['connected', 'token_refused', 'offline', 'not_a_portal', 'tls'] as const;
export type ConnectionOutcomeKind = (typeof CONNECTION_OUTCOMES)[number];

/** The precise result of "Test connection". A failed test is a value, not an error. */
export interface ConnectionTestView {
  outcome: ConnectionOutcomeKind;
  /** Plan name when connected and the plan could be read. */
  planName: string | null;
  /** The base URL's path does not end in `integration/v2` (a likely typo; the test still ran). */
  pathWarning: boolean;
  /** For the dealer, in English (the portal's error when it gave one, with its message code). */
  message: string;
  code?: string;
  params?: MessageParams;
  /** For support. Never a token. */
  detail?: ErrorDetail;
}

// ── Inventory rows ───────────────────────────────────────────────────────────────────────────

/** Why a listing is not shown on the portal (publication is null). */
export type { NotOnPortalReason };

/**
 * The dealer's unpublish request, from the outbox and the portal's queue:
 * queued = not sent yet (offline), sent at the next sync; pending = the portal accepted it and
 * the listing is still on the portal until a read confirms (up to ~20 min); refused = the portal
 * said no (its message is kept).
 */
export type UnpublishStatus = 'none' | 'queued' | 'pending' | 'refused';

/** What the dealer can ask of a listing's publication; every one goes through the outbox. */
export const PUBLICATION_ACTIONS = ['unpublish', 'publish', 'highlight', 'unhighlight'] as const;
export type PublicationAction = (typeof PUBLICATION_ACTIONS)[number];

/**
 * queued: in the outbox (offline); pending: accepted, until a read confirms; refused: the portal
 * said no; not_applied: accepted, but a read long after still did not show it (publish and
 * highlight only: main/cache/outbox-store.ts, NOT_APPLIED_AFTER_MS).
 */
export type RequestStatus = Exclude<UnpublishStatus, 'none'> | 'not_applied';

/** The dealer's latest request on a listing that no read has confirmed yet (any action). */
export interface PublicationRequestView {
  action: PublicationAction;
  status: RequestStatus;
  requestedAt: string | null;
  /** The portal's message when refused, or the last error while queued. */
  message: string | null;
}

export interface PublicationStateView {
  onPortal: boolean;
  highlighted: boolean;
  /** Set when not on the portal. */
  notOnPortalReason: NotOnPortalReason | null;
  unpublish: UnpublishStatus;
  /** When the unpublish was asked for (queued/pending/refused). */
  unpublishRequestedAt: string | null;
  /** The portal's message when refused, or the last error while queued. */
  unpublishMessage: string | null;
  /** Any request waiting (unpublish included: the `unpublish…` fields above are its projection, kept for their readers). */
  request: PublicationRequestView | null;
}

/** One row of the inventory table: only what the list shows (the listing's columns that say `view`, listing-columns.ts). */
export type VehicleRowView = Pick<VehicleRow, ViewColumn> & {
  publication: PublicationStateView;
  /** Opaque photo id of the cover (lowest `order`), for `photoUrl()`; null without pictures. */
  coverPhotoId: string | null;
  /** Where the cover stands in the photo cache ('pending': not downloaded yet), null without pictures or before the cache registers it. */
  coverStatus: PhotoStatus | null;
  /** The portal has given the listing's address (it can take up to 45 min after an edit). */
  urlReady: boolean;
  /** Why a text search matched it, when the row does not show the words (main/account-session/why-matched.ts). */
  matchedIn?: SearchMatch;
};

/** Where a search's word matched, outside what the row shows. */
export interface SearchMatch {
  field: 'accessory' | 'otherInfo' | 'description';
  text: string;
}

export interface InventoryPage {
  /** Listings matching the text and filters (not just this window). */
  total: number;
  /** The rows of the requested window, in sort order. */
  rows: VehicleRowView[];
}

/** Totals for the inventory header and the plan screen (the cache's own shape). */
export type { InventorySummary } from './inventory';

// ── Vehicle detail ───────────────────────────────────────────────────────────────────────────

export type PublicationChange =
  | 'appeared' // publication became an object (published / published again)
  | 'left' // publication became null (see cause)
  | 'highlighted'
  | 'unhighlighted'
  | `${PublicationAction}_queued`
  | `${PublicationAction}_sent`
  | `${PublicationAction}_refused`;

export interface PublicationEventView {
  at: string;
  change: PublicationChange;
  /** For 'left': unpublished here, or dropped by the portal (plan limit), or unknown. */
  cause: NotOnPortalReason | null;
  /** The portal's message (refusals) or a note. */
  message: string | null;
  /** Who caused it: 'here' (the dealer's request, confirmed by this read), 'portal' (the plan dropped it), null (not known). */
  by: 'here' | 'portal' | null;
}

export type PhotoCacheStatus = 'cached' | 'pending' | 'failed' | 'not_cached';

export interface PhotoView {
  /** Opaque id for `photoUrl()`; never a path. */
  photoId: string;
  order: number;
  /** Address of the photo as hosted by the portal. */
  source: string;
  /** Address of the photo as the dealer sent it. */
  originalUrl: string;
  cache: PhotoCacheStatus;
  cacheError: string | null;
}

export interface VehicleDetailView {
  reference: string;
  /** The JSON exactly as the portal sent it. */
  raw: unknown;
  /** The tolerant parse (src/shared/vehicle.ts): any field may be missing. */
  vehicle: Vehicle;
  /** Its model as the catalogue names it (the listing carries only the model's id), or null until a sync has mirrored it. */
  model: string | null;
  problems: VehicleProblem[];
  publication: PublicationStateView;
  history: PublicationEventView[];
  /** In `order`. */
  photos: PhotoView[];
  /** Gaps in `order`: photos the portal rejected. */
  rejectedPositions: number[];
  /** When this vehicle was last read from the portal. */
  syncedAt: string | null;
  /** The listing's open edit (each field the dealer changed beside the portal's, a conflict or a refusal), or null. */
  pendingEdit: PendingEditView | null;
  /** What only Showroom knows of it: whether its rejected photos can be sent again in one click, the video link typed here. */
  extras: ListingExtrasView;
}

/** no_room: not sent, the plan has no listing slot or highlight left for it (the portal would refuse it). */
export type PublicationOutcomeKind = 'sent' | 'queued' | 'refused' | 'not_found' | 'no_room';

/** What became of one request (any action) for one listing. */
export interface PublicationOutcome {
  reference: string;
  /** sent: the portal accepted it (pending until confirmed); queued: offline, goes at the next sync. */
  outcome: PublicationOutcomeKind;
  /** In English (logs, --json); `code` and `params` name it in the dictionaries (`codes.…`). */
  message: string | null;
  code?: string;
  params?: MessageParams;
}

/** Room left in the plan, counting the requests sent or queued that no read has confirmed yet. */
export interface RoomLeft {
  left: number;
  limit: number;
}

/** What the plan leaves for publishing and highlighting (null: no plan read yet; the portal decides). */
export interface PublicationRoom {
  listings: RoomLeft | null;
  highlights: RoomLeft | null;
  /** When the plan these come from was read. */
  planFetchedAt: string | null;
}

// ── Sync ─────────────────────────────────────────────────────────────────────────────────────

export type SyncPhase = 'outbox' | 'plan' | 'pages' | 'photos' | 'done';
export type SyncKind = 'full' | 'incremental';

export interface SyncProgress {
  runId: string;
  kind: SyncKind;
  phase: SyncPhase;
  pagesDone: number;
  /** 0 while unknown. */
  pagesTotal: number;
  vehiclesDone: number;
  vehiclesTotal: number;
  photosDone?: number;
  photosTotal?: number;
  /** Set while waiting (ms left when the event was sent). */
  waitingMs?: number;
  waitReason?: 'rate_limit' | 'retry' | 'queue';
}

export type SyncOutcome = 'running' | 'succeeded' | 'failed' | 'cancelled';

/**
 * Requests a run sent from the outbox, by kind (`publishSent`…). A record from before they were
 * counted by kind has only `unpublishSent`, which then counted every kind (it reads as it was stored).
 */
export type RequestsSent = Record<`${PublicationAction}Sent`, number>;

export interface SyncCounts extends RequestsSent {
  added: number;
  changed: number;
  /** Gone from the portal without a sale marked here. */
  removed: number;
  /** Gone from the portal after a sale marked here (a run before this count had them in `removed`). */
  sold: number;
  /** Listings whose publication the portal nulled (plan limit). */
  droppedByPortal: number;
  /** Requests from the outbox the portal refused, every kind. */
  failed: number;
}

/** Why an item of the portal's list could not be matched to a listing. */
export type SyncDataProblemKind = 'not_an_object' | 'no_reference';

/** An item a sync read but could not identify: not stored, and kept with the run for the history. */
export interface SyncDataProblem {
  problem: SyncDataProblemKind;
  /** The start of the item as the portal sent it (JSON text), for support. */
  excerpt: string;
}

export interface SyncRunView {
  id: string;
  kind: SyncKind;
  startedAt: string;
  endedAt: string | null;
  outcome: SyncOutcome;
  counts: SyncCounts;
  error: AppErrorShape | null;
  /** Portal items this run could not identify (at most DATA_PROBLEMS_KEPT are kept). */
  dataProblems: SyncDataProblem[];
  /** The first sync into an empty cache: every listing was new (no list of them is kept). */
  firstSync: boolean;
}

/** The account's portal as last heard from: reachable (null: not asked yet), and whether it refused the token. */
export interface PortalStatusView {
  online: boolean | null;
  /** When the portal refused the integration token; null when it did not, or a request has succeeded with it since. */
  tokenRefusedAt: string | null;
}

export interface SyncStatusView {
  /** The run in progress, if any. */
  running: SyncProgress | null;
  lastRun: SyncRunView | null;
  lastSuccessAt: string | null;
  /** null while unknown (no request tried yet). */
  online: boolean | null;
  /** Writes waiting in the outbox. */
  outboxSize: number;
}

// ── Plan ─────────────────────────────────────────────────────────────────────────────────────

export interface PlanView {
  usage: PlanUsage;
  /** The plan as the portal sent it (unknown extra fields are shown too). */
  raw: Plan;
  fetchedAt: string;
  /** true: read from the portal just now; false: from the last sync. */
  live: boolean;
  /** Asked live, but the portal could not answer: why (the copy is the last sync's). */
  notLiveBecause?: AppErrorShape;
}

// ── Settings ─────────────────────────────────────────────────────────────────────────────────

export type PhotoCaching = 'covers' | 'all';

export interface SettingsView {
  photoCaching: PhotoCaching;
  diskBudgetMb: number;
  language: LanguageSetting;
}

/** What opening found about the cache file, when it is not the one the queued-changes file knew. */
export type CacheIdentityNotice =
  /** The cache file was empty or missing while the local file knew one: it was reset (`pendingKept`: queued changes kept). */
  | { kind: 'reset'; at: string; pendingKept: number }
  /** The cache file is another one than the local file knew (a copy from elsewhere, a restore). */
  | { kind: 'replaced'; at: string; pendingKept: number }
  /** The local file was empty or missing while the cache knew one: queued changes may be lost. */
  | { kind: 'local_lost'; at: string };

/** The active account's local copy: damaged (the app offers a rebuild), or found reset or replaced. */
export interface CacheHealthView {
  /** Damage was found (at open, by a query, by the quick check): only a rebuild helps. */
  damaged: boolean;
  /** The cache file was found empty or swapped, or the queued-changes file lost. */
  notice: CacheIdentityNotice | null;
}

/** What a rebuild kept of what only exists on this computer. */
export interface CacheRebuiltView {
  pendingKept: number;
  runsKept: number;
  eventsKept: number;
  /** A full sync was started to read the listings again. */
  syncStarted: boolean;
}

export interface CacheClearedView {
  vehiclesRemoved: number;
  photoBytesFreed: number;
}

/** The files an inventory export writes (main/export). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How far an export is: rows written of the rows the view selects. */
export interface ExportProgressView {
  done: number;
  total: number;
}

/**
 * What came of an export. Where the file went depends on the shell: the Electron app saved it where
 * the dealer chose ('saved'); the browser shell offers it once as a download at `url` ('download').
 * 'cancelled': the dealer closed the save dialog or pressed Cancel; nothing was written.
 */
export type ExportOutcome =
  | { kind: 'saved'; file: string; rows: number; bytes: number }
  | { kind: 'download'; url: string; fileName: string; rows: number; bytes: number }
  | { kind: 'cancelled' };
