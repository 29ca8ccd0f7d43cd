// The renderer's one query cache. Every read over the bridge goes through it, keyed by channel and
// input (./useChannel.ts), and is refreshed by main's events (./invalidation.ts) rather than by
// time: the cache's data is current until main says it changed.
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { isBridgeError } from '../api';

/** Why a read failed, in one line, for the log: channel, kind and main's message. */
export function describeQueryFailure(error: unknown, query: Pick<Query, 'queryKey'>): string {
  const [channel] = query.queryKey;
  const kind = isBridgeError(error) ? error.kind : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  return `Showroom: reading ${String(channel)} failed (${kind}): ${message}`;
}

export function createQueryClient(log: (line: string, error: unknown) => void = (line, error) => console.error(line, error)): QueryClient {
  return new QueryClient({
    // Every failed read is logged with its reason here, once; the screen that asked shows it too.
    queryCache: new QueryCache({ onError: (error, query) => log(describeQueryFailure(error, query), error) }),
    defaultOptions: {
      queries: {
        // Main's events say when data changed (invalidation.ts): nothing goes stale by the clock.
        staleTime: Infinity,
        // The bridge is local: its failures are answers (not_found, bad_input…), not flaky links.
        retry: false,
        // Not the network: the bridge answers whether or not the machine is online.
        networkMode: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
