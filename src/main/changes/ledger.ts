// The ledger as the kinds see it: a change is saved with what its kind says of it (its validated
// payload, its base, its slot, reason and overlay), and a sync's read settles what it shows.
import { codedError } from '../../shared/i18n/messages';
import { DISCARDABLE } from '../../shared/pending-changes';
import type { Cache, PendingChange } from '../cache';
import { reached } from './kind';
import { changeKind, changeKinds, findChangeKind } from './registry';

/** Statuses a read can settle: accepted (applied late or not), or refused and then done another way. */
const SETTLED_BY_READ = new Set(['sent', 'not_applied', 'refused']);

export type Changes = ReturnType<typeof createChanges>;

export function createChanges(cache: Cache) {
  return {
    /** Validates the payload by the kind's schema and writes the change durably, before any request. */
    save(kindName: string, reference: string, payload: unknown): PendingChange {
      const kind = changeKind(kindName);
      const parsed = kind.parse(payload);
      // A listing not cached (one the change creates) has no base.
      const listing = cache.vehicles.factsOf(reference);
      const base = listing === null ? { updatedAt: null } : (({ updatedAt, ...facts }) => ({ ...kind.base(facts), updatedAt }))(listing);
      return cache.ledger.save({
        kind: kind.name,
        reference,
        payload: parsed,
        base,
        slot: kind.slot,
        reason: kind.refusedReason,
        overlay: kind.overlay(parsed),
      });
    },

    /**
     * Called in a sync's commit, once the listings it read are written: each open change the
     * portal answered is confirmed (or, refused, closed) when its listing now shows what it asked.
     */
    settleByRead(): number {
      let settled = 0;
      for (const change of cache.ledger.open()) {
        if (!SETTLED_BY_READ.has(change.status)) continue;
        const kind = findChangeKind(change.kind);
        const facts = cache.vehicles.factsOf(change.reference);
        if (kind === undefined || facts === null || !reached(kind.target(change.payload), facts)) continue;
        if (change.status === 'refused' ? cache.ledger.close(change.id) : cache.ledger.confirm(change.id)) settled++;
      }
      return settled;
    },

    /** The accepted changes of `read` that a read long after still does not show (NOT_APPLIED_AFTER_MS). */
    markNotApplied(read: readonly string[]): number {
      return cache.ledger.markNotApplied(
        read,
        changeKinds()
          .filter((k) => k.notApplied)
          .map((k) => k.name),
      );
    },

    /** Takes back a change not sent yet: by its id, or every such change of a listing. Returns those discarded. */
    discard(target: { id: number } | { reference: string }): PendingChange[] {
      const candidates =
        'id' in target ? [cache.ledger.get(target.id)].filter((c) => c !== null) : (cache.ledger.openOf([target.reference]).get(target.reference) ?? []);
      if (candidates.length === 0)
        throw codedError('not_found', { code: 'ledger.noSuchChange', params: { target: 'id' in target ? target.id : target.reference } });
      const discardable = candidates.filter((c) => DISCARDABLE.includes(c.status));
      if (discardable.length === 0)
        throw codedError('bad_input', { code: 'ledger.alreadySent', params: { target: 'id' in target ? target.id : target.reference } });
      return cache.transaction(() => discardable.filter((c) => cache.ledger.discard(c.id)).map((c) => ({ ...c, status: 'discarded' as const })));
    },
  };
}
