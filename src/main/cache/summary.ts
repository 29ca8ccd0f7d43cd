// The inventory's headline numbers, in one scan.
import type { InventorySummary } from '../../shared/inventory';
import type { Db } from './db';
import { META_KEYS, type MetaStore } from './meta';

interface Totals {
  vehicles: number;
  on_portal: number | null;
  not_on_portal: number | null;
  pending: number | null;
  highlighted: number | null;
  with_problems: number | null;
  with_rejected: number | null;
}

export function createSummary(db: Db, meta: MetaStore) {
  const totals = db.prepare<[], Totals>(`
    SELECT count(*) AS vehicles,
           sum(portal_state = 'on') AS on_portal,
           sum(portal_state = 'off') AS not_on_portal,
           sum(portal_state = 'pending') AS pending,
           sum(highlighted = 1 AND published = 1) AS highlighted,
           sum(has_problems = 1) AS with_problems,
           sum(rejected_photo_count > 0) AS with_rejected
      FROM vehicles`);
  return {
    summary(): InventorySummary {
      const t = totals.get() ?? { vehicles: 0, on_portal: 0, not_on_portal: 0, pending: 0, highlighted: 0, with_problems: 0, with_rejected: 0 };
      return {
        total: t.vehicles,
        onPortal: t.on_portal ?? 0,
        notOnPortal: t.not_on_portal ?? 0,
        unpublishPending: t.pending ?? 0,
        highlighted: t.highlighted ?? 0,
        withProblems: t.with_problems ?? 0,
        withRejectedPhotos: t.with_rejected ?? 0,
        lastSyncAt: meta.get(META_KEYS.lastSyncAt),
      };
    },
  };
}
