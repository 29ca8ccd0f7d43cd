// The one declaration of everything that crosses the bridge between renderer and main.
// Each channel: a zod schema for its input (main validates with it) and the type of its output.
// Each event (main → renderer): the type of its payload. The preload allowlist, the main-side
// registration and the renderer's client (./client.ts) are all derived from these objects.
//
// Rules: outputs are plain structured-clonable data; the integration token only ever flows
// renderer → main (accounts.add, accounts.test, accounts.replaceToken), never back.
import { z } from 'zod';
import type { AppErrorShape } from './errors';
import { catalogueRefreshSchema, type CatalogueView } from './catalogue';
import type { ChannelName, EventName } from './channel-names';
import type { Insights } from './insights';
import { inventoryFacetsQuerySchema, inventoryQuerySchema, type FacetCounts } from './inventory';
import { syncChangesInputSchema, type SyncChangesView } from './listing-changes';
import type { EditOutcome, NewListingView, PendingChangeView } from './pending-changes';
import { repriceScopeSchema, type RepriceBatchView, type RepricePreviewView, type RepriceSaved } from './reprice';
import type { PriceHistoryView } from './price-history';
import { departedQuerySchema, type DepartedResult, type SaleOutcome } from './sold';
import type {
  AccountView,
  AppInfoView,
  CacheClearedView,
  CacheHealthView,
  CacheRebuiltView,
  ConnectionTestView,
  InventoryPage,
  InventorySummary,
  PlanView,
  SettingsView,
  SyncProgress,
  SyncRunView,
  SyncStatusView,
  PublicationOutcome,
  PublicationRoom,
  VehicleDetailView,
  ExportOutcome,
  ExportProgressView,
} from './views';
import { EXPORT_FORMATS, PUBLICATION_ACTIONS } from './views';

export interface ChannelSpec<I extends z.ZodType, O> {
  input: I;
  /** Phantom: never set at runtime, carries the output type. */
  output?: O;
}
export const channel = <I extends z.ZodType>(input: I) => ({ returns: <O>() => ({ input }) as ChannelSpec<I, O> });

export interface EventSpec<P> {
  /** Phantom: never set at runtime, carries the payload type. */
  payload?: P;
}
export const event = <P>(): EventSpec<P> => ({});

const none = z.object({}).strict();
const id = z.string().min(1).max(200);
const reference = z.string().min(1).max(200);
const baseUrl = z.string().trim().min(1).max(2048);
const token = z.string().min(1).max(4096);

export const channels = {
  // App
  'app.info': channel(none).returns<AppInfoView>(),

  // Accounts. Adding stores the token in the OS keychain (error keychain_unavailable if none).
  'accounts.list': channel(none).returns<AccountView[]>(),
  'accounts.add': channel(z.object({ name: z.string().trim().min(1).max(80), baseUrl, token }).strict()).returns<AccountView>(),
  /** Tries the address and token without saving anything. Failures are outcomes, not errors. */
  'accounts.test': channel(z.object({ baseUrl, token }).strict()).returns<ConnectionTestView>(),
  'accounts.replaceToken': channel(z.object({ accountId: id, token }).strict()).returns<AccountView>(),
  /** deleteData: also delete the account's cached inventory and photos. */
  'accounts.remove': channel(z.object({ accountId: id, deleteData: z.boolean() }).strict()).returns<null>(),
  'accounts.select': channel(z.object({ accountId: id }).strict()).returns<AccountView>(),

  // Demo: main starts the sandbox portal (seeded stock) and adds + selects a demo account.
  // The renderer then calls sync.start.
  'demo.start': channel(none).returns<AccountView>(),

  // Inventory of the active account (local cache only; works offline).
  // The cache's own query: the list always asks for a window.
  'inventory.query': channel(inventoryQuerySchema.required({ window: true })).returns<InventoryPage>(),
  'inventory.facets': channel(inventoryFacetsQuerySchema).returns<FacetCounts>(),
  'inventory.summary': channel(none).returns<InventorySummary>(),
  // The stock at a glance (shared/insights.ts); each bar carries the filters that open its listings.
  'inventory.insights': channel(none).returns<Insights>(),
  // "Did you mean …?" when a search finds nothing: the text corrected from the stock's own words, or null.
  'inventory.suggest': channel(z.object({ text: z.string().max(500) }).strict()).returns<string | null>(),
  // Every listing of the view on screen (its text, filters and sort; no window) to a CSV or XLSX file
  // in the UI's language. Where the file goes is the shell's (a save dialog, or a one-time download);
  // progress comes as export.progress events; the dealer's cancel is an outcome, not an error.
  'inventory.export': channel(
    z.object({ format: z.enum(EXPORT_FORMATS), language: z.enum(['en', 'pt-BR']), query: inventoryQuerySchema.omit({ window: true }) }).strict(),
  ).returns<ExportOutcome>(),
  // Stops the running export (it answers 'cancelled' and leaves no file).
  'inventory.cancelExport': channel(none).returns<null>(),

  // One vehicle (error not_found when it is not in the cache); retryPhotos: fetch again the photos that failed.
  'vehicles.get': channel(z.object({ reference, retryPhotos: z.boolean().optional() }).strict()).returns<VehicleDetailView>(),

  // Any publication request (publish again, highlight on or off, unpublish) the same way; 'no_room': not sent, the plan has none.
  'publications.request': channel(z.object({ action: z.enum(PUBLICATION_ACTIONS), references: z.array(reference).min(1).max(10_000) }).strict()).returns<
    PublicationOutcome[]
  >(),
  // The listing slots and highlights the plan leaves, less the requests on their way (asked before a publish or highlight).
  'publications.room': channel(none).returns<PublicationRoom>(),
  // The changes the portal has not confirmed yet (the pending-change ledger), and taking back one not sent yet (by id) or a listing's.
  'changes.pending': channel(none).returns<PendingChangeView[]>(),
  // Edit a listing: the fields the dealer changed, checked by the shared schema in the session (shared/listing-write.ts), whose
  // refusal names each field (detail.fields); then saved and sent like any change. What `vehicles.get` says of it: pendingEdit.
  'changes.edit': channel(z.object({ reference, fields: z.record(z.string(), z.unknown()) }).strict()).returns<EditOutcome>(),
  // Send again every photo Showroom sent of these listings (the portal rejected some); none: every listing whose photos it can.
  'changes.photosAgain': channel(z.object({ references: z.array(reference).max(10_000).optional() }).strict()).returns<EditOutcome[]>(),
  // The listings whose rejected photos Showroom can send again (it sent them): what Needs attention counts and confirms.
  'changes.photosAgainCandidates': channel(none).returns<string[]>(),
  // The dealer's choice on a held edit: keep theirs or the portal's, for one field or every one in conflict.
  'changes.resolve': channel(
    z.object({ reference, keep: z.enum(['mine', 'portal']), field: z.string().min(1).max(60).optional() }).strict(),
  ).returns<EditOutcome>(),
  // Bulk repricing (shared/reprice.ts): a rule over the view on screen or the selection, previewed (nothing saved; at most
  // `limit` lines), then saved as pending edits in one batch the next sync sends; a batch's fate, and taking back what is unsent.
  'reprice.preview': channel(
    z.object({ scope: repriceScopeSchema, rule: z.unknown(), limit: z.number().int().min(0).max(200_000).optional() }).strict(),
  ).returns<RepricePreviewView>(),
  'reprice.confirm': channel(z.object({ scope: repriceScopeSchema, rule: z.unknown() }).strict()).returns<RepriceSaved>(),
  'reprice.batch': channel(z.object({ batch: z.string().min(1).max(100) }).strict()).returns<RepriceBatchView>(),
  'reprice.discard': channel(z.object({ batch: z.string().min(1).max(100) }).strict()).returns<RepriceBatchView>(),
  // Mark listings as sold: saved in the ledger, sent at the next sync (cancellable with changes.discard until then).
  'changes.sell': channel(z.object({ references: z.array(reference).min(1).max(10_000) }).strict()).returns<SaleOutcome[]>(),
  // A listing's price history: every price a sync read, every price the dealer set (when, from where).
  'vehicles.priceHistory': channel(z.object({ reference }).strict()).returns<PriceHistoryView>(),
  // Listings that left the inventory (sold or removed), with their last data.
  'sold.query': channel(departedQuerySchema).returns<DepartedResult>(),
  // Every listing of the Sold view on screen (its search and filters) to a CSV or XLSX file, as inventory.export (inventory.cancelExport stops it).
  'sold.export': channel(
    z.object({ format: z.enum(EXPORT_FORMATS), language: z.enum(['en', 'pt-BR']), query: departedQuerySchema.omit({ limit: true }) }).strict(),
  ).returns<ExportOutcome>(),
  // A new listing: every field of the write shape, checked like an edit's (detail.fields); `replaces`: the draft (or refused one) it replaces.
  'changes.create': channel(
    z.object({ fields: z.record(z.string(), z.unknown()), replaces: z.number().int().positive().optional() }).strict(),
  ).returns<EditOutcome>(),
  // New listings not on the portal yet: drafts (discardable until sent), being created, refused with the portal's words.
  'changes.newListings': channel(none).returns<NewListingView[]>(),
  'changes.discard': channel(z.union([z.object({ id: z.number().int().positive() }).strict(), z.object({ reference }).strict()])).returns<
    PendingChangeView[]
  >(),

  // Sync. start answers at once (error busy when one runs); progress and the end come as events.
  'sync.start': channel(z.object({ full: z.boolean().optional() }).strict()).returns<{ runId: string }>(),
  'sync.cancel': channel(none).returns<null>(),
  'sync.status': channel(none).returns<SyncStatusView>(),
  'sync.history': channel(z.object({ limit: z.number().int().min(1).max(500).optional() }).strict()).returns<SyncRunView[]>(),
  // Which listings a run (by default the last finished one) added, changed, saw dropped or removed (error not_found for an unknown run).
  'sync.changes': channel(syncChangesInputSchema).returns<SyncChangesView>(),

  // Plan: refresh asks the portal (falls back to the last sync's copy offline); null when never read.
  'plan.get': channel(z.object({ refresh: z.boolean().optional() }).strict()).returns<PlanView | null>(),
  // The portal's catalogue as mirrored (offline too), and reading it now: whole, one brand's models or one model's trims.
  'catalogue.get': channel(none).returns<CatalogueView>(),
  'catalogue.refresh': channel(catalogueRefreshSchema).returns<CatalogueView>(),

  // Settings: the language (the app's) and the active account's photo settings.
  'settings.get': channel(none).returns<SettingsView>(),
  'settings.set': channel(
    z
      .object({
        photoCaching: z.enum(['covers', 'all']).optional(),
        diskBudgetMb: z.number().int().min(50).max(1_000_000).optional(),
        language: z.enum(['en', 'pt-BR', 'system']).optional(),
      })
      .strict(),
  ).returns<SettingsView>(),

  // Clears the active account's cached inventory and photos (the next sync is a full one).
  'cache.clear': channel(none).returns<CacheClearedView>(),
  // Whether the active account's local copy is damaged, or was found reset or replaced.
  'cache.health': channel(none).returns<CacheHealthView>(),
  // Replaces a damaged local copy with an empty one and syncs it in full; keeps the queued
  // unpublishes and as much of the sync history as still reads.
  'cache.rebuild': channel(none).returns<CacheRebuiltView>(),
  // The dealer has read the reset/replaced notice.
  'cache.dismissNotice': channel(none).returns<null>(),

  // Opens a listing's address in the system browser. Main accepts only http(s) URLs.
  'shell.openListing': channel(z.object({ url: z.string().min(1).max(2048) }).strict()).returns<null>(),
} as const satisfies { [C in ChannelName]: ChannelSpec<z.ZodType, unknown> };

export const events = {
  'sync.progress': event<SyncProgress>(),
  'sync.finished': event<SyncRunView>(),
  /** The cached inventory changed (a sync pass committed, an unpublish, a clear, an account switch, the account's worker restarted). */
  'cache.changed': event<{ reason: 'sync' | 'publication' | 'cleared' | 'account' | 'photos' | 'rebuilt' | 'damaged' | 'restarted' | 'time' }>(),
  connectivity: event<{ online: boolean }>(),
  'auth.tokenRefused': event<{ accountId: string }>(),
  /** Accounts added, removed, selected, or a token replaced. */
  'accounts.changed': event<{ activeAccountId: string | null }>(),
  'settings.changed': event<SettingsView>(),
  /** After each window of rows an export wrote. */
  'export.progress': event<ExportProgressView>(),
  /** The dealer chose Settings… in the application menu (Cmd+, on macOS). */
  'menu.settings': event<null>(),
} as const satisfies { [E in EventName]: EventSpec<unknown> };

export type Channels = typeof channels;
/** What the renderer passes (defaults may be omitted). */
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
/** What main's handler receives after validation. */
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = Channels[C] extends ChannelSpec<z.ZodType, infer O> ? O : never;

export type Events = typeof events;
export type EventPayload<E extends EventName> = Events[E] extends EventSpec<infer P> ? P : never;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

/** What the preload exposes as `window.showroom`. */
export interface ShowroomBridge {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** Returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Where a cached photo is shown from (the Electron protocol, or the browser shell's route). */
  photoUrl(photoId: string): string;
}

export { CHANNEL_NAMES, EVENT_NAMES, isChannelName, isEventName, type ChannelName, type EventName } from './channel-names';

// ── Photos ───────────────────────────────────────────────────────────────────────────────────
// The renderer shows pictures only by opaque id (never a path), through the bridge's photoUrl.

export { PHOTO_SCHEME, photoIdFromUrl, photoUrl } from './photo-url';

export type { FacetCounts, InventoryFilters, InventoryQuery, InventorySort, SortField } from './inventory';
export type * from './views';
