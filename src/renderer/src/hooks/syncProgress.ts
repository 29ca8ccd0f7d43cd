// The running sync's progress: the one part of the app's state that changes several times a
// second. It lives in a small store outside React's context so that only the components that
// draw it (and subscribe here) render on each sync.progress event: not the app, not the
// inventory and its rows.
import { useSyncExternalStore } from 'react';
import type { SyncProgress } from '../../../shared/views';

export interface SyncProgressState {
  progress: SyncProgress | null;
  /** True from the click until the first progress event or the end. */
  starting: boolean;
}

export interface SyncProgressStore {
  // Properties, not methods: the store's functions use no `this`, so useSyncExternalStore may take
  // them unbound (store.subscribe, store.get).
  get: () => SyncProgressState;
  subscribe: (listener: () => void) => () => void;
  set: (change: Partial<SyncProgressState>) => void;
}

export function createSyncProgressStore(): SyncProgressStore {
  let state: SyncProgressState = { progress: null, starting: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(change) {
      const next = { ...state, ...change };
      if (next.progress === state.progress && next.starting === state.starting) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The progress itself: renders on every event (the progress panel, the Sync/Cancel button). */
export function useSyncProgress(store: SyncProgressStore): SyncProgressState {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Only whether a sync is under way: renders when that flips, not on every event. */
export function useSyncRunning(store: SyncProgressStore): boolean {
  return useSyncExternalStore(store.subscribe, () => {
    const { progress, starting } = store.get();
    return progress !== null || starting;
  });
}
