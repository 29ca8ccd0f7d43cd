// The ledger's open changes as the dealer reads them (the app's list, `showroom pending`).
import { DISCARDABLE, type PendingChangeView } from '../../shared/pending-changes';
import type { Cache, PendingChange } from '../cache';

export function pendingChangeView(change: PendingChange, title: string | null): PendingChangeView {
  return {
    id: change.id,
    kind: change.kind,
    reference: change.reference,
    title,
    status: change.status,
    createdAt: change.createdAt,
    attempts: change.attempts,
    error: change.lastError,
    discardable: DISCARDABLE.includes(change.status),
  };
}

/** Every open change, oldest first, with its listing's title. */
export function pendingChangeViews(cache: Cache, changes: readonly PendingChange[] = cache.ledger.open()): PendingChangeView[] {
  const titles = new Map<string, string | null>();
  const titleOf = (reference: string): string | null => {
    if (!titles.has(reference)) titles.set(reference, cache.getVehicle(reference)?.row.title ?? null);
    return titles.get(reference) ?? null;
  };
  return changes.map((c) => pendingChangeView(c, titleOf(c.reference)));
}
