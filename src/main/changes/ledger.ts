// The ledger as the kinds see it: a change is saved with what its kind says of it (its validated
// payload, its base, its slot, reason and overlay), and a sync's read settles what it shows.
import { codedError } from '../../shared/i18n/messages';
import { DISCARDABLE } from '../../shared/pending-changes';
import type { Cache, ChangeConflict, PendingChange } from '../cache';
import { setFields } from '../cache/ledger-store';
import { changeKind, changeKinds, findChangeKind } from './registry';

/** Statuses a read can settle: accepted (applied late or not), or refused and then done another way. */
const SETTLED_BY_READ = new Set(['sent', 'not_applied', 'refused']);

export type Changes = ReturnType<typeof createChanges>;

/** A held change's conflicts with the dealer's latest value of each field (a field typed again is still the dealer's to choose). */
function mineAgain(conflict: ChangeConflict | null, payload: unknown): ChangeConflict | null {
  if (conflict === null || payload === null || typeof payload !== 'object') return conflict;
  const fields = payload as Record<string, unknown>;
  return Object.fromEntries(Object.entries(conflict).map(([field, c]) => [field, field in fields ? { ...c, mine: fields[field] } : c]));
}

export function createChanges(cache: Cache) {
  return {
    /**
     * Validates the payload by the kind's schema and writes the change durably, before any request.
     * A kind that merges joins the open change of its kind on the listing not sent yet (or refused).
     * Joining a batch's change (a bulk repricing), the fields it sets are the dealer's from then on:
     * taking the batch back takes back only the fields still the batch's (changes/reprice.ts).
     */
    save(kindName: string, reference: string, payload: unknown, options: { merge?: boolean } = {}): PendingChange {
      const kind = changeKind(kindName);
      const parsed = kind.parse(payload);
      // A listing not cached (one the change creates) has no base.
      const listing = cache.vehicles.factsOf(reference);
      const vehicle = kind.readsListing ? (cache.getVehicle(reference)?.vehicle ?? null) : null;
      const base = listing === null ? { updatedAt: null } : (({ updatedAt, ...facts }) => ({ ...kind.base(facts, vehicle, parsed), updatedAt }))(listing);
      // Not into one whose request is out right now (`merge: false`): its answer would be written over the merged content.
      if (kind.merge !== null && options.merge !== false) {
        const merged = cache.transaction(() => {
          const earlier = cache.ledger.mergeable(kind.name, reference);
          if (earlier === null) return null;
          const joined = kind.merge?.(earlier.payload, parsed);
          // What the earlier change started from stands; the fields new to it start from the listing as it is now.
          const revised = {
            payload: joined,
            base: { ...base, ...earlier.base },
            overlay: kind.overlay(joined),
            conflict: mineAgain(earlier.conflict, joined),
            retaken: setFields(parsed),
          };
          return cache.ledger.revise(earlier.id, revised) ? cache.ledger.get(earlier.id) : null;
        });
        if (merged !== null) return merged;
      }
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
     * `sold`: the listings whose sale it confirmed (the sync's summary counts them sold, not removed).
     */
    settleByRead(): { settled: number; sold: string[] } {
      let settled = 0;
      const sold: string[] = [];
      for (const change of cache.ledger.open()) {
        if (!SETTLED_BY_READ.has(change.status)) continue;
        const kind = findChangeKind(change.kind);
        const facts = cache.vehicles.factsOf(change.reference);
        // One refused by our own checks for a payload no rule of today passes: no read can show it.
        if (kind === undefined || !kind.parses(change.payload)) continue;
        if (facts === null) {
          // Gone from the portal: what a change that deletes the listing asked (a refused one, too, was done another way).
          if (kind.leaves === null || cache.departed.get(change.reference) === null) continue;
          const done = change.status === 'refused' ? cache.ledger.close(change.id) : cache.ledger.confirm(change.id);
          if (!done) continue;
          cache.departed.markSold(change.reference, change.createdAt);
          sold.push(change.reference);
          settled++;
          continue;
        }
        const listing = kind.readsListing ? (cache.getVehicle(change.reference)?.vehicle ?? null) : null;
        if (!kind.reachedBy(change.payload, facts, listing)) continue;
        if (change.status === 'refused' ? cache.ledger.close(change.id) : cache.ledger.confirm(change.id)) {
          if (change.status !== 'refused') kind.confirmed(change.reference, cache);
          settled++;
        }
      }
      return { settled, sold };
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

    /**
     * The dealer's choice on a held change's conflict, for one field or all: 'mine' sends the
     * dealer's value over the portal's (the portal's becomes what it starts from, so only a newer
     * change there holds it again); 'portal' drops the dealer's value. Once no field is left in
     * conflict it is sent like any other; with no field of the dealer's left, there is nothing to send.
     */
    resolve(id: number, keep: 'mine' | 'portal', field?: string): PendingChange {
      const change = cache.ledger.get(id);
      if (change === null || change.closedAt !== null) throw codedError('not_found', { code: 'ledger.noSuchChange', params: { target: id } });
      const conflict = { ...change.conflict };
      const fields = field === undefined ? Object.keys(conflict) : [field];
      if (fields.length === 0) throw codedError('bad_input', { code: 'ledger.noConflict', params: { target: change.reference } });
      if (field !== undefined && !(field in conflict))
        throw codedError('bad_input', { code: 'ledger.noConflictField', params: { target: change.reference, field } });
      const kind = changeKind(change.kind);
      const payload = { ...(change.payload as Record<string, unknown>) };
      const base: Record<string, unknown> = { ...change.base };
      for (const f of fields) {
        if (keep === 'mine') base[f] = conflict[f]?.portal;
        else {
          delete payload[f];
          delete base[f];
        }
        delete conflict[f];
      }
      return cache.transaction(() => {
        if (!Object.keys(payload).some((f) => payload[f] !== undefined)) {
          cache.ledger.discard(id);
          return cache.ledger.get(id) as PendingChange;
        }
        const left = Object.keys(conflict).length === 0 ? null : conflict;
        cache.ledger.revise(id, { payload: kind.parse(payload), base: base as PendingChange['base'], overlay: kind.overlay(payload), conflict: left });
        return cache.ledger.get(id) as PendingChange;
      });
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
