// A kind of change declared here alone, with no other file touched, goes the whole way through
// the ledger: saved (its payload validated by its own schema), shown on its listing while pending
// (list and detail), sent by the next sync, confirmed by the read that shows it, then gone.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createChanges } from '../../src/main/changes/ledger';
import type { ChangeKind } from '../../src/main/changes/kind';
import { registerChangeKind } from '../../src/main/changes/registry';
import { pendingChangeViews } from '../../src/main/changes/view';
import type { Sandbox } from '../../src/sandbox';
import { rig } from '../sync/helpers';

const repricePayload = z.object({ value: z.number().positive() }).strict();

/** Reprice: the listing's price, as a later module would declare it. */
function repriceKind(sb: Sandbox): ChangeKind<z.infer<typeof repricePayload>> {
  return {
    name: 'toy-reprice',
    payload: repricePayload,
    slot: 'price',
    base: (facts) => ({ value: facts.value }),
    target: (payload) => ({ value: payload.value }),
    overlay: (payload) => ({ statuses: ['pending', 'sending', 'sent'], fields: { value: payload.value } }),
    // The portal's write, as the sandbox applies it (the client has no listing edit yet); read first, as a real send would talk to it.
    async send(portal, reference, payload, signal) {
      await portal.getVehicle(reference, { signal });
      sb.data.upsert({ reference, value: payload.value });
    },
    queueJob: 'TOY_REPRICE',
    room: null,
    refusedReason: 'publishRefused',
    notApplied: true,
    already: 'publication.alreadyOn',
  };
}

const unregister: Array<() => void> = [];
afterEach(() => {
  for (const u of unregister.splice(0)) u();
});

describe('a change kind declared in a test file alone', () => {
  it('save → overlay in list and detail → send → confirm → gone', { timeout: 60_000 }, async () => {
    const r = await rig({ sandbox: { vehicles: 30, seed: 51 } });
    try {
      await r.engine.run({ kind: 'full' });
      unregister.push(registerChangeKind(repriceKind(r.sb)));
      const target = r.sb.data.list()[3]!;
      const before = target.value;
      const asked = before + 1234;
      const changes = createChanges(r.cache);

      // Its own schema refuses what it does not allow, and nothing is saved.
      expect(() => changes.save('toy-reprice', target.reference, { value: -5 })).toThrow(
        expect.objectContaining({ kind: 'bad_input', code: 'ledger.badPayload' }),
      );
      expect(r.cache.ledger.open()).toEqual([]);

      const saved = changes.save('toy-reprice', target.reference, { value: asked });
      expect(saved).toMatchObject({ status: 'pending', payload: { value: asked }, base: { value: before, updatedAt: target.updatedAt } });
      // Pending: the list and the detail show the price asked; the portal still has the old one.
      const listed = () => r.cache.queryVehicles({ text: target.reference }).rows.find((row) => row.reference === target.reference);
      expect(listed()?.price).toBe(asked);
      expect(r.cache.getVehicle(target.reference)?.row.price).toBe(asked);
      expect(r.sb.data.get(target.reference)?.value).toBe(before);
      expect(pendingChangeViews(r.cache)).toEqual([
        expect.objectContaining({ kind: 'toy-reprice', reference: target.reference, status: 'pending', discardable: true }),
      ]);

      // Sent by the sync's first step, still shown while no read has confirmed it.
      expect(await r.engine.flushChanges()).toEqual({ sent: { 'toy-reprice': 1 }, failed: {}, remaining: 0 });
      expect(r.sb.data.get(target.reference)?.value).toBe(asked);
      expect(r.cache.ledger.get(saved.id)).toMatchObject({ status: 'sent', closedAt: null });
      expect(listed()?.price).toBe(asked);

      // The next sync reads it as asked: confirmed, and nothing is pending any more.
      const run = await r.engine.run();
      expect(run.outcome).toBe('succeeded');
      expect(r.cache.ledger.get(saved.id)).toMatchObject({ status: 'confirmed' });
      expect(r.cache.ledger.get(saved.id)?.closedAt).not.toBeNull();
      expect(pendingChangeViews(r.cache)).toEqual([]);
      expect(listed()?.price).toBe(asked);
      expect(r.cache.getVehicle(target.reference)?.row.price).toBe(asked);
    } finally {
      r.cache.close();
      await r.sb.close();
    }
  });
});
