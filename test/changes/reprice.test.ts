// Bulk repricing through the ledger, against the sandbox over loopback: a preview saves nothing;
// confirming saves every change as a pending edit of the price in one transaction, tagged with one
// batch; the batch is taken back in one step while unsent; a pending price is skipped or replaced as
// the dealer chose; the next sync sends them and a later one confirms them.
import { describe, expect, it } from 'vitest';
import { createRepricing } from '../../src/main/changes/reprice';
import { EDIT_KIND } from '../../src/main/changes/kinds/edit';
import type { NewChange } from '../../src/main/cache';
import type { InventoryQuery } from '../../src/shared/inventory';
import { rig, type Rig } from '../sync/helpers';

async function syncedRig(): Promise<Rig> {
  const r = await rig({ sandbox: { vehicles: 40, seed: 51 } });
  await r.engine.run({ kind: 'full' });
  return r;
}

const prices = (r: Rig, references: readonly string[]) =>
  new Map(
    r.cache
      .queryVehicles({ window: { offset: 0, limit: 500 } })
      .rows.filter((row) => references.includes(row.reference))
      .map((row) => [row.reference, row.price]),
  );

/** The cars whose data passes the portal's rules as they are (a PUT of them is accepted). */
function sendable(r: Rig): string[] {
  return r.sb.data
    .list()
    .filter((v) => v.type === 'C' && v.value > 1_000 && v.mileage > 0 && v.doors >= 2 && v.pictures.length > 0)
    .map((v) => v.reference);
}

describe('a repricing through the ledger', () => {
  it('preview saves nothing; confirm saves one batch; the next sync sends it, a later one confirms it', { timeout: 90_000 }, async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    const references = sendable(r).slice(0, 6);
    const scope = { references };
    const rule = { change: { kind: 'percent', percent: -5 }, round: '100' } as const;
    const before = prices(r, references);

    const preview = repricing.preview(scope, rule);
    expect(preview.summary).toMatchObject({ total: references.length, changed: references.length });
    expect(r.cache.ledger.open()).toEqual([]);
    for (const line of preview.lines) expect(line.newPrice).toBe(Math.round((before.get(line.reference)! * 0.95) / 100) * 100);

    const saved = repricing.confirm(scope, rule);
    expect(saved.saved).toBe(references.length);
    const batch = r.cache.ledger.batch(saved.batch);
    expect(batch.map((c) => [c.kind, c.status])).toEqual(references.map(() => [EDIT_KIND, 'pending']));
    // The list shows the new prices at once (the overlay), the portal still has the old ones.
    const shown = prices(r, references);
    for (const line of preview.lines) expect(shown.get(line.reference)).toBe(line.newPrice);
    expect(repricing.status(saved.batch)).toMatchObject({ total: references.length, waiting: references.length, sent: 0, confirmed: 0 });

    expect(await r.engine.flushChanges()).toEqual({ sent: { edit: references.length }, failed: {}, remaining: 0 });
    expect(repricing.status(saved.batch)).toMatchObject({ waiting: 0, sent: references.length });
    await r.sb.data.settle();
    for (const line of preview.lines) expect(r.sb.data.get(line.reference)?.value).toBe(line.newPrice);
    expect((await r.engine.run()).outcome).toBe('succeeded');
    expect(repricing.status(saved.batch)).toMatchObject({ waiting: 0, sent: 0, confirmed: references.length, refused: [] });
    // Taking back a batch that went: nothing to take back, every change stays as it is.
    expect(repricing.discard(saved.batch)).toMatchObject({ confirmed: references.length, discarded: 0 });
  });

  it('a filtered view: the same listings the list shows, in its order; the whole batch taken back in one step', { timeout: 60_000 }, async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    const query: InventoryQuery = { text: '', filters: { type: ['C'] }, sort: { field: 'value', dir: 'desc' } };
    const listed = r.cache.queryVehicles({ ...query, window: { offset: 0, limit: 500 } }).rows;
    const preview = repricing.preview({ query }, { change: { kind: 'amount', amount: -500 } }, 100_000);
    expect(preview.summary.total).toBe(listed.length);
    expect(preview.lines.map((l) => l.reference)).toEqual(listed.filter((row) => row.price !== null && row.price > 500).map((row) => row.reference));

    const saved = repricing.confirm({ query }, { change: { kind: 'amount', amount: -500 } });
    expect(saved.saved).toBe(preview.summary.changed);
    expect(r.cache.ledger.unsentCount()).toBe(saved.saved);
    const after = repricing.discard(saved.batch);
    expect(after).toMatchObject({ total: saved.saved, waiting: 0, discarded: saved.saved });
    expect(r.cache.ledger.open()).toEqual([]);
    expect(r.cache.queryVehicles({ ...query, window: { offset: 0, limit: 500 } }).rows.map((row) => row.price)).toEqual(listed.map((row) => row.price));
  });

  it('a pending price change: skipped, or replaced (the earlier edit keeps its other fields)', { timeout: 60_000 }, async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    const [a, b, c] = sendable(r);
    r.sb.faults.set({ resetRate: 1 });
    await r.engine.edits.edit(a!, { value: 12_345, title: 'Revisado' });
    await r.engine.edits.edit(b!, { value: 23_456 });
    const scope = { references: [a!, b!, c!] };
    const rule = { change: { kind: 'set', amount: 30_000 } } as const;

    const skipped = repricing.preview(scope, rule);
    expect(skipped.summary).toMatchObject({ changed: 1, unchanged: { pending: 2 } });
    expect(skipped.lines.find((l) => l.reference === a)).toMatchObject({ pendingPrice: 12_345, unchanged: 'pending' });

    const saved = repricing.confirm(scope, { ...rule, pending: 'replace' });
    expect(saved).toMatchObject({ saved: 3, summary: { replacing: 2 } });
    const open = r.cache.ledger.open();
    // a's edit keeps its title alone; b's, a price only, is taken back; the batch's three carry the price.
    expect(open.filter((ch) => r.cache.ledger.batch(saved.batch).every((x) => x.id !== ch.id)).map((ch) => [ch.reference, ch.payload])).toEqual([
      [a, { title: 'Revisado' }],
    ]);
    expect(r.cache.ledger.of(b!).map((ch) => ch.status)).toEqual(['discarded', 'pending']);
    expect(prices(r, [a!, b!, c!])).toEqual(new Map([a!, b!, c!].map((ref) => [ref, 30_000])));
  });

  it('a later edit joined to a batch’s change survives taking the batch back: only what is still the batch’s goes', { timeout: 60_000 }, async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    const [a, b, c] = sendable(r);
    const before = prices(r, [a!, b!, c!]);
    r.sb.faults.set({ resetRate: 1 });
    const saved = repricing.confirm({ references: [a!, b!, c!] }, { change: { kind: 'amount', amount: -500 } });
    // After the repricing, one pending edit per listing: a's title and b's price join the batch's changes.
    await r.engine.edits.edit(a!, { title: 'Revisado' });
    await r.engine.edits.edit(b!, { value: 12_345 });
    expect(r.cache.ledger.open()).toHaveLength(3);
    // Said before taking it back: a still carries the batch's price beside the dealer's title; b's price is the dealer's now.
    expect(repricing.status(saved.batch)).toMatchObject({ total: 3, waiting: 2, edited: 1, released: 1, discarded: 0 });

    expect(repricing.discard(saved.batch)).toMatchObject({ total: 3, waiting: 0, edited: 0, released: 2, discarded: 1 });
    const open = new Map(r.cache.ledger.open().map((ch) => [ch.reference, ch]));
    expect(open.get(a!)).toMatchObject({ payload: { title: 'Revisado' }, status: expect.stringMatching(/^(pending|sending)$/) });
    expect(open.get(a!)?.base).not.toHaveProperty('value');
    expect(open.get(b!)).toMatchObject({ payload: { value: 12_345 } });
    expect(open.has(c!)).toBe(false);
    expect(prices(r, [a!, b!, c!])).toEqual(
      new Map([
        [a!, before.get(a!)],
        [b!, 12_345],
        [c!, before.get(c!)],
      ]),
    );

    // What is left goes at the next sync: a's title without the batch's price, b's own price.
    r.sb.faults.clear();
    expect(await r.engine.flushChanges()).toEqual({ sent: { edit: 2 }, failed: {}, remaining: 0 });
    await r.sb.data.settle();
    expect(r.sb.data.get(a!)).toMatchObject({ title: 'Revisado', value: before.get(a!) });
    expect(r.sb.data.get(b!)?.value).toBe(12_345);
  });

  it('installments: kept as they are, or cleared with the new price', { timeout: 60_000 }, async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    const financed = r.sb.data.list().filter((v) => v.amountOfInstallments > 0 && v.amountPerInstallment > 0 && v.value > 10_000);
    const plain = r.sb.data.list().filter((v) => v.amountOfInstallments === 0 && v.value > 10_000);
    expect(financed.length).toBeGreaterThan(0);
    const scope = { references: [financed[0]!.reference, plain[0]!.reference] };
    const kept = repricing.preview(scope, { change: { kind: 'percent', percent: -1 } });
    expect(kept.summary).toMatchObject({ changed: 2, withInstallments: 1 });
    expect(kept.lines.find((l) => l.reference === financed[0]!.reference)?.installments).toBe(true);

    const saved = repricing.confirm(scope, { change: { kind: 'percent', percent: -1 }, installments: 'clear' });
    const payloads = new Map(r.cache.ledger.batch(saved.batch).map((ch) => [ch.reference, ch.payload]));
    expect(payloads.get(financed[0]!.reference)).toEqual({ value: expect.any(Number), amountPerInstallment: 0, amountOfInstallments: 0 });
    expect(payloads.get(plain[0]!.reference)).toEqual({ value: expect.any(Number) });
  });

  it('a bad rule is refused and saves nothing', async () => {
    const r = await syncedRig();
    const repricing = createRepricing(r.cache);
    expect(() => repricing.confirm({ references: sendable(r) }, { change: { kind: 'set', amount: 1 }, min: 5, max: 4 })).toThrow(
      expect.objectContaining({ kind: 'bad_input', code: 'reprice.floorAboveCeiling' }),
    );
    expect(() => repricing.preview({ references: sendable(r) }, { change: { kind: 'percent', percent: -100 } })).toThrow(
      expect.objectContaining({ kind: 'bad_input', code: 'reprice.badRule' }),
    );
    expect(r.cache.ledger.open()).toEqual([]);
  });
});

describe("a batch's one durable step", () => {
  const change = (reference: string): NewChange => ({
    kind: EDIT_KIND,
    reference,
    payload: { value: 1 },
    base: { updatedAt: null },
    slot: EDIT_KIND,
    reason: 'editRefused',
    overlay: null,
  });
  it('all of it or none: a change that cannot be written leaves none of the batch behind, nor what it replaced', async () => {
    const r = await rig({ sandbox: { vehicles: 1 } });
    const other = r.cache.ledger.save(change('OTHER'));
    const broken = { ...change('B'), reference: null as unknown as string };
    expect(() => r.cache.ledger.saveBatch('b1', [change('A'), broken, change('C')], () => r.cache.ledger.discard(other.id))).toThrow();
    expect(r.cache.ledger.batch('b1')).toEqual([]);
    expect(r.cache.ledger.get(other.id)).toMatchObject({ status: 'pending' });
    expect(r.cache.ledger.saveBatch('b2', [change('A'), change('A')])).toBe(2);
    expect(r.cache.ledger.batch('b2').map((c) => c.reference)).toEqual(['A', 'A']);
  });
});
