// A read over the bridge as a query: keyed by [channel, input], answered by the typed client.
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/contract';
import { api } from '../api';

export type ChannelKey<C extends ChannelName> = readonly [C, ChannelInput<C>];

export function channelKey<C extends ChannelName>(channel: C, input: ChannelInput<C>): ChannelKey<C> {
  return [channel, input] as const;
}

type Options<C extends ChannelName> = Omit<UseQueryOptions<ChannelOutput<C>, Error, ChannelOutput<C>, ChannelKey<C>>, 'queryKey' | 'queryFn'>;

export function useChannel<C extends ChannelName>(channel: C, input: ChannelInput<C>, options: Options<C> = {}): UseQueryResult<ChannelOutput<C>> {
  return useQuery({
    ...options,
    queryKey: channelKey(channel, input),
    queryFn: () => api.call(channel, input),
  });
}
