import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AccountView } from '../../../shared/views';
import { channelKey, useChannel } from '../query/useChannel';

export interface AccountsState {
  /** null until the first answer. */
  accounts: AccountView[] | null;
  active: AccountView | null;
  error: Error | null;
  refresh: () => Promise<void>;
}

/** The accounts, re-read on accounts.changed, sync.finished and auth.tokenRefused (query/invalidation.ts). */
export function useAccounts(): AccountsState {
  const client = useQueryClient();
  const query = useChannel('accounts.list', {});
  const accounts = query.data ?? null;
  // The query keeps unchanged answers identical (structural sharing), so `active` is stable too.
  const active = useMemo(() => accounts?.find((a) => a.active) ?? null, [accounts]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: channelKey('accounts.list', {}) }), [client]);
  return { accounts, active, error: query.error, refresh };
}
