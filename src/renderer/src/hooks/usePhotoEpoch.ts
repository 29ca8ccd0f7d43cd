// A counter that moves when photos may have arrived in the cache (a sync finished, the cache
// changed). A thumbnail whose photo was not downloaded yet when its row first showed — the rows of
// a first sync appear before their covers — tries again at the next step instead of keeping its
// placeholder until the row is remounted. One subscription for every thumbnail on screen.
import { useSyncExternalStore } from 'react';
import { api } from '../api';

let epoch = 0;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | undefined;

function bump(): void {
  epoch += 1;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!unsubscribe) {
    // Time alone changes counts, never a photo.
    const offs = [api.on('sync.finished', bump), api.on('cache.changed', ({ reason }) => reason !== 'time' && bump())];
    unsubscribe = () => offs.forEach((off) => off());
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
}

export function usePhotoEpoch(): number {
  return useSyncExternalStore(subscribe, () => epoch);
}
