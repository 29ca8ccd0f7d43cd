// The sync as the whole UI sees it: its status (last run, online, outbox) from the query cache,
// Start and Cancel, and the progress store (./syncProgress.ts) fed by main's events. The returned
// object changes only when the status does: never on a progress event.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SyncRunView } from '../../../shared/views';
import { api } from '../api';
import { useChannel } from '../query/useChannel';
import { useApiEvent } from './useApiEvent';
import { createSyncProgressStore, type SyncProgressStore } from './syncProgress';

export interface SyncState {
  lastRun: SyncRunView | null;
  lastSuccessAt: string | null;
  /** null while unknown (no request tried yet). */
  online: boolean | null;
  outboxSize: number;
  /** Reading the status failed (logged by the query cache; the top bar says so). */
  statusError: Error | null;
  /** The running sync's progress: subscribe with useSyncProgress / useSyncRunning. */
  progressStore: SyncProgressStore;
  start: (full?: boolean) => Promise<void>;
  cancel: () => Promise<void>;
}

export function useSync(accountId: string | null, onFinished: (run: SyncRunView) => void, onError: (e: unknown) => void): SyncState {
  const [progress] = useState(createSyncProgressStore);
  const status = useChannel('sync.status', {}, { enabled: accountId !== null });
  const running = status.data?.running ?? null;

  // A fresh status (first read, another account, after a run) says whether one is running now.
  useEffect(() => {
    progress.set({ progress: running });
  }, [progress, running, accountId]);

  useApiEvent('sync.progress', (p) => progress.set({ starting: false, progress: p.phase === 'done' ? null : p }));
  useApiEvent('sync.finished', (run) => {
    progress.set({ starting: false, progress: null });
    onFinished(run);
  });

  const start = useCallback(
    async (full?: boolean) => {
      progress.set({ starting: true });
      try {
        await api.call('sync.start', full ? { full: true } : {});
      } catch (e) {
        progress.set({ starting: false });
        onError(e);
      }
    },
    [onError, progress],
  );

  const cancel = useCallback(async () => {
    try {
      await api.call('sync.cancel', {});
    } catch (e) {
      onError(e);
    }
  }, [onError]);

  const data = status.data;
  const statusError = status.error;
  return useMemo(
    () => ({
      lastRun: data?.lastRun ?? null,
      lastSuccessAt: data?.lastSuccessAt ?? null,
      online: data?.online ?? null,
      outboxSize: data?.outboxSize ?? 0,
      statusError,
      progressStore: progress,
      start,
      cancel,
    }),
    [data, statusError, progress, start, cancel],
  );
}
