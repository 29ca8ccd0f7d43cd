// The channels that are one call of the active account's session, declared once as a table (channel
// → the session's method with the channel's input) and registered from it: no handler file per
// channel. A channel that does more than forward (sync.start joins the demo's restart, settings,
// accounts, exports…) keeps its own handler in this folder.
import type { ChannelName, ChannelOutput, ChannelParsedInput } from '../../shared/contract';
import type { RepriceRuleInput } from '../../shared/reprice';
import type { AccountSession } from '../account-session';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';

type SessionCall<C extends ChannelName> = (session: AccountSession, input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;

export const SESSION_CHANNELS = {
  // The hot path of a 100,000-row virtual list (a reader thread answers it while a sync commits).
  'inventory.query': (session, input) => session.query(input),
  'inventory.facets': (session, input) => session.facets(input),
  'inventory.summary': (session) => session.summary(),
  // A few dozen figures over every listing, computed in the session (never the listings themselves).
  'inventory.insights': (session) => session.insights(),
  'inventory.suggest': (session, { text }) => session.suggestSearch(text),
  // One listing in full; online, its missing photos are fetched in the background.
  'vehicles.get': (session, { reference, retryPhotos }) => session.vehicle(reference, retryPhotos ? { fetchPhotos: 'retry' } : {}),
  // Sent now when the portal answers, kept in the pending-change ledger otherwise; one outcome per reference, in order.
  'publications.request': (session, { action, references }) => session.requestPublication(action, references),
  'publications.room': (session) => session.publicationRoom(),
  // The pending-change ledger: what waits to be sent, and taking a change back until it is sent.
  'changes.pending': (session) => session.pendingChanges(),
  'changes.discard': (session, target) => session.discardChanges(target),
  // Listing edits: saved in the ledger first, sent now when the portal answers; a conflict waits for the dealer's choice.
  'changes.edit': (session, { reference, fields }) => session.editListing(reference, fields),
  'changes.photosAgain': (session, { references }) => session.sendPhotosAgain(references),
  'changes.photosAgainCandidates': (session) => session.photosAgainCandidates(),
  'changes.resolve': (session, { reference, keep, field }) => session.resolveEdit(reference, field === undefined ? { keep } : { keep, field }),
  // Bulk repricing: previewed and saved in the session (shared/reprice.ts is the rule); sent by the next sync.
  'reprice.preview': (session, { scope, rule, limit }) => session.previewReprice(scope, rule as RepriceRuleInput, limit),
  'reprice.confirm': (session, { scope, rule }) => session.confirmReprice(scope, rule as RepriceRuleInput),
  'reprice.batch': (session, { batch }) => session.repriceBatch(batch),
  'reprice.discard': (session, { batch }) => session.discardReprice(batch),
  // Sales: saved, sent at the next sync; a sold listing's price history and the Sold view.
  'changes.sell': (session, { references }) => session.markSold(references, { send: false }),
  'vehicles.priceHistory': (session, { reference }) => session.priceHistory(reference),
  'sold.query': (session, query) => session.departedListings(query),
  'changes.create': (session, { fields, replaces }) => session.createListing(fields, replaces),
  'changes.newListings': (session) => session.newListings(),
  // Live when asked and reachable, else the copy the last sync read (marked as not live).
  'plan.get': (session, { refresh }) => session.plan({ refresh: refresh === true }),
  // The catalogue mirror (offline too), and reading it from the portal now.
  'catalogue.get': (session) => session.catalogue(),
  'catalogue.refresh': (session, target) => session.refreshCatalogue(target),
  'sync.status': (session) => session.syncStatus(),
  'sync.history': (session, { limit }) => session.history(limit ?? 50),
  'sync.changes': (session, { runId }) => session.changes(runId),
} satisfies { [C in ChannelName]?: SessionCall<C> };

export type SessionChannel = keyof typeof SESSION_CHANNELS;

/** The handlers of SESSION_CHANNELS, each on the active account's session (none open: the session manager says so). */
export function sessionChannelHandlers(ctx: Pick<BackendContext, 'sessions'>): Pick<Handlers, SessionChannel> {
  const entries = Object.entries(SESSION_CHANNELS) as Array<[SessionChannel, (session: AccountSession, input: unknown) => Promise<unknown>]>;
  // Each entry keeps its channel's types (checked by `satisfies` above); only the collection is rebuilt.
  return Object.fromEntries(entries.map(([channel, call]) => [channel, (input: unknown) => call(ctx.sessions.require(), input)])) as unknown as Pick<
    Handlers,
    SessionChannel
  >;
}
