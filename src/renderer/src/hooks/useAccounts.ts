import { useCallback, useEffect, useState } from 'react';
import type { AccountView } from '../../../shared/views';
import { api } from '../api';
import { useApiEvent } from './useApiEvent';

export interface AccountsState {
  /** null until the first answer. */
  accounts: AccountView[] | null;
  active: AccountView | null;
  error: unknown;
  refresh: () => Promise<void>;
}

export function useAccounts(): AccountsState {
  const [accounts, setAccounts] = useState<AccountView[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback(async () => {
    try {
      setAccounts(await api.call('accounts.list', {}));
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useApiEvent('accounts.changed', () => void refresh());
  useApiEvent('auth.tokenRefused', ({ accountId }) =>
    setAccounts((list) => list?.map((a) => (a.id === accountId ? { ...a, tokenRefused: true } : a)) ?? list),
  );

  const active = accounts?.find((a) => a.active) ?? null;
  return { accounts, active, error, refresh };
}
