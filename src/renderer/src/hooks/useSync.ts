// The sync as the whole UI sees it: progress from events, last run, online state.
import { useCallback, useEffect, useState } from 'react';
import type { SyncProgress, SyncRunView } from '../../../shared/views';
import { api } from '../api';
import { useApiEvent } from './useApiEvent';

export interface SyncState {
  progress: SyncProgress | null;
  /** True from the click until the first progress event or the end. */
  starting: boolean;
  lastRun: SyncRunView | null;
  lastSuccessAt: string | null;
  online: boolean | null;
  outboxSize: number;
  start: (full?: boolean) => Promise<void>;
  cancel: () => Promise<void>;
  refresh: () => Promise<void>;
}

export function useSync(accountId: string | null, onFinished: (run: SyncRunView) => void, onError: (e: unknown) => void): SyncState {
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const [starting, setStarting] = useState(false);
  const [lastRun, setLastRun] = useState<SyncRunView | null>(null);
  const [lastSuccessAt, setLastSuccessAt] = useState<string | null>(null);
  const [online, setOnline] = useState<boolean | null>(null);
  const [outboxSize, setOutboxSize] = useState(0);

  const refresh = useCallback(async () => {
    if (!accountId) return;
    try {
      const status = await api.call('sync.status', {});
      setProgress(status.running);
      setLastRun(status.lastRun);
      setLastSuccessAt(status.lastSuccessAt);
      setOnline(status.online);
      setOutboxSize(status.outboxSize);
    } catch {
      // Status is informative; the next event or refresh corrects it.
    }
  }, [accountId]);

  useEffect(() => {
    setProgress(null);
    setLastRun(null);
    setLastSuccessAt(null);
    void refresh();
  }, [refresh]);

  useApiEvent('sync.progress', (p) => {
    setStarting(false);
    setProgress(p.phase === 'done' ? null : p);
  });
  useApiEvent('sync.finished', (run) => {
    setStarting(false);
    setProgress(null);
    setLastRun(run);
    if (run.outcome === 'succeeded') setLastSuccessAt(run.endedAt ?? new Date().toISOString());
    void refresh();
    onFinished(run);
  });
  useApiEvent('connectivity', ({ online: o }) => setOnline(o));

  const start = useCallback(
    async (full?: boolean) => {
      setStarting(true);
      try {
        await api.call('sync.start', full ? { full: true } : {});
      } catch (e) {
        setStarting(false);
        onError(e);
      }
    },
    [onError],
  );

  const cancel = useCallback(async () => {
    try {
      await api.call('sync.cancel', {});
    } catch (e) {
      onError(e);
    }
  }, [onError]);

  return { progress, starting, lastRun, lastSuccessAt, online, outboxSize, start, cancel, refresh };
}
