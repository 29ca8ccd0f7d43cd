// The inventory's headline numbers: counted once per snapshot of the listings (snapshot.ts).
import type { InventorySummary } from '../../shared/inventory';
import { META_KEYS, type MetaStore } from './meta';
import type { Snapshot } from './snapshot';

export function createSummary(current: () => Snapshot, meta: MetaStore) {
  return {
    summary(): InventorySummary {
      return { ...current().summary(), lastSyncAt: meta.get(META_KEYS.lastSyncAt) };
    },
  };
}
