// The names of the contract's channels and events, and nothing else: what the preload needs to
// forward contract calls only. Kept apart from contract.ts so that the preload bundles no zod
// schemas (the renderer never needs them either; main validates). contract.ts declares one
// channel or event for each name here, no more and no fewer: the compiler checks both ways.

export const CHANNEL_NAMES = [
  'app.info',
  'accounts.list',
  'accounts.add',
  'accounts.test',
  'accounts.replaceToken',
  'accounts.remove',
  'accounts.select',
  'demo.start',
  'inventory.query',
  'inventory.facets',
  'inventory.summary',
  'inventory.insights',
  'inventory.suggest',
  'inventory.export',
  'inventory.cancelExport',
  'vehicles.get',
  'publications.request',
  'publications.room',
  'changes.pending',
  'changes.discard',
  'changes.edit',
  'changes.photosAgain',
  'changes.photosAgainCandidates',
  'changes.resolve',
  'reprice.preview',
  'reprice.confirm',
  'reprice.batch',
  'reprice.discard',
  'changes.sell',
  'vehicles.priceHistory',
  'sold.query',
  'sold.export',
  'changes.create',
  'changes.newListings',
  'sync.start',
  'sync.cancel',
  'sync.status',
  'sync.history',
  'sync.changes',
  'plan.get',
  'catalogue.get',
  'catalogue.refresh',
  'settings.get',
  'settings.set',
  'cache.clear',
  'cache.health',
  'cache.rebuild',
  'cache.dismissNotice',
  'shell.openListing',
] as const;

export const EVENT_NAMES = [
  'sync.progress',
  'sync.finished',
  'cache.changed',
  'connectivity',
  'auth.tokenRefused',
  'accounts.changed',
  'settings.changed',
  'export.progress',
  'menu.settings',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

const channelNames: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const eventNames: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && channelNames.has(name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventNames.has(name);
}
