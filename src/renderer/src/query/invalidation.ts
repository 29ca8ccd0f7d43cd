// Which reads each of main's events makes out of date. The inventory's own rows are not here:
// useInventoryRows pages them by window and refreshes on cache.changed itself.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChannelName, EventName, EventPayload } from '../../../shared/contract';
import type { AccountView, SyncStatusView } from '../../../shared/views';
import { api } from '../api';
import { channelKey } from './useChannel';

/** Everything the active account's data decides (a switch, an add, a removal changes all of it). */
const ACCOUNT_READS = [
  'accounts.list',
  'settings.get',
  'sync.status',
  'sync.history',
  'sync.changes',
  'plan.get',
  'publications.room',
  'inventory.facets',
  'inventory.summary',
  'inventory.insights',
  'inventory.query',
  'vehicles.get',
  'catalogue.get',
  'changes.pending',
  'vehicles.priceHistory',
  'sold.query',
  'changes.newListings',
  'changes.photosAgainCandidates',
] as const;

export const INVALIDATED_BY = {
  // inventory.query: the Needs attention list (the inventory's own rows page themselves, useInventoryRows).
  'cache.changed': [
    'inventory.facets',
    'inventory.summary',
    'inventory.insights',
    'inventory.query',
    'vehicles.get',
    'plan.get',
    'publications.room',
    'changes.pending',
    'vehicles.priceHistory',
    'sold.query',
    'changes.newListings',
    'changes.photosAgainCandidates',
  ],
  'settings.changed': ['settings.get'],
  'accounts.changed': ACCOUNT_READS,
  // The run changed the status and history, the account's last sync time, and re-read the plan and the catalogue.
  'sync.finished': ['sync.status', 'sync.history', 'sync.changes', 'accounts.list', 'plan.get', 'publications.room', 'catalogue.get', 'changes.newListings'],
  'auth.tokenRefused': ['accounts.list'],
} as const satisfies { readonly [E in EventName]?: readonly ChannelName[] };

type Invalidating = keyof typeof INVALIDATED_BY;

/** Answers an event carries in full go into the cache at once (then are re-read to be sure). */
function applyPayload<E extends EventName>(client: QueryClient, event: E, payload: EventPayload<E>): void {
  if (event === 'settings.changed') client.setQueryData(channelKey('settings.get', {}), payload);
  if (event === 'connectivity') {
    const { online } = payload as EventPayload<'connectivity'>;
    client.setQueryData(channelKey('sync.status', {}), (status: SyncStatusView | undefined) => (status ? { ...status, online } : status));
  }
  if (event === 'auth.tokenRefused') {
    const { accountId } = payload as EventPayload<'auth.tokenRefused'>;
    client.setQueryData(channelKey('accounts.list', {}), (list: AccountView[] | undefined) =>
      list?.map((a) => (a.id === accountId ? { ...a, tokenRefused: true } : a)),
    );
  }
}

export function invalidateFor(client: QueryClient, event: Invalidating): Promise<void> {
  const channels: readonly ChannelName[] = INVALIDATED_BY[event];
  return client.invalidateQueries({ predicate: (query) => channels.includes(query.queryKey[0] as ChannelName) });
}

/** Keeps the query cache in step with main's events for as long as the app is mounted. */
export function useQueryInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    const events = [...(Object.keys(INVALIDATED_BY) as Invalidating[]), 'connectivity'] as const;
    const stops = events.map((event) =>
      api.on(event, (payload) => {
        applyPayload(client, event, payload);
        if (event !== 'connectivity') void invalidateFor(client, event);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [client]);
}
