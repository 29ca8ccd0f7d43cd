// A repricing's preview reads the prices of every listing of its scope from memory and a listing's
// words only for the lines it shows: it must say exactly what the rule over every listing, each
// read in full from its row, says (the summary, the lines shown, in order), whatever the scope, the
// rule, the pending prices and the number of lines asked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/main/cache/index';
import { createRepricing } from '../../src/main/changes/reprice';
import { createChanges } from '../../src/main/changes/ledger';
import { EDIT_KIND } from '../../src/main/changes/kinds/edit';
import { generateVehicles } from '../../src/sandbox/generator';
import { MAX_WINDOW, type InventoryQuery } from '../../src/shared/inventory';
import { previewReprice, repriceRuleSchema, type RepricePreviewView, type RepriceRuleInput, type RepriceScope } from '../../src/shared/reprice';
import { openTestCache, portalVehicle, tempDir, upsert, type TempDir } from '../cache/helpers';

const STOCK = 600;

/** The rule over every listing of the scope, each read from its row, the pending prices from the ledger; changed lines first. */
function naivePreview(cache: Cache, scope: RepriceScope, input: RepriceRuleInput, limit: number): RepricePreviewView {
  const pending = new Map<string, number>();
  for (const change of cache.ledger.open()) {
    const value = (change.payload as { value?: number }).value;
    if (change.kind === EDIT_KIND && change.status !== 'discarded' && value !== undefined) pending.set(change.reference, value);
  }
  const listings = cache.listingPrices(scope).map((p) => ({
    reference: p.reference,
    title: p.title,
    price: p.price,
    pendingPrice: pending.get(p.reference) ?? null,
    installments: p.financed,
  }));
  const { summary, lines } = previewReprice(listings, repriceRuleSchema.parse(input));
  return { summary, lines: [...lines.filter((l) => l.unchanged === null), ...lines.filter((l) => l.unchanged !== null)].slice(0, limit) };
}

const RULES: RepriceRuleInput[] = [
  { change: { kind: 'percent', percent: -5 }, round: '990', min: 20_000 },
  { change: { kind: 'set', amount: 45_000 }, pending: 'replace' },
  { change: { kind: 'amount', amount: 1_000 }, max: 60_000, installments: 'clear', pending: 'replace' },
  { change: { kind: 'percent', percent: 0 } },
];
const LIMITS = [500, 7, 0, 100_000];

let t: TempDir;
let cache: Cache;
let refs: string[];

beforeEach(() => {
  t = tempDir();
  cache = openTestCache(t);
  const stock = [
    ...generateVehicles(STOCK, 33),
    // No price, and no installments, beside the generator's.
    portalVehicle({ reference: 'NO-PRICE-1', value: null }),
    portalVehicle({ reference: 'NO-PRICE-2', value: null, amountOfInstallments: 0, amountPerInstallment: 0 }),
    portalVehicle({ reference: 'PLAIN-1', amountOfInstallments: 0, amountPerInstallment: 0 }),
  ];
  upsert(cache, stock);
  refs = cache.listingPrices({ query: {} }).map((p) => p.reference);
  // Pending prices in every state a preview meets: waiting, sent, refused, taken back, two on one listing, an edit without a price.
  const changes = createChanges(cache);
  const edit = (reference: string, payload: Record<string, unknown>) => changes.save(EDIT_KIND, reference, payload, { merge: false });
  for (let i = 0; i < 40; i++) edit(refs[i * 13] as string, { value: 30_000 + i * 1_000 });
  cache.ledger.markSent(edit(refs[3] as string, { value: 51_000 }).id);
  cache.ledger.markFailed(edit(refs[5] as string, { value: 52_000 }).id, { code: 'portal.validationSaid', params: { portalMessage: 'no' } }, true);
  cache.ledger.discard(edit(refs[7] as string, { value: 53_000 }).id);
  edit(refs[9] as string, { value: 54_000 });
  edit(refs[9] as string, { value: 55_000 });
  edit(refs[11] as string, { title: 'Revisado' });
});

afterEach(() => {
  cache.close();
  t.cleanup();
});

function expectSameAsNaive(scopes: RepriceScope[]): void {
  const repricing = createRepricing(cache);
  for (const scope of scopes)
    for (const rule of RULES)
      for (const limit of LIMITS)
        expect(repricing.preview(scope, rule, limit), JSON.stringify({ scope, rule, limit })).toEqual(naivePreview(cache, scope, rule, limit));
}

describe("a repricing's preview", () => {
  it('the cases are there: pending prices, no price, with and without installments, more listings than lines', () => {
    const lines = naivePreview(cache, { query: {} }, RULES[0]!, 100_000).lines;
    expect(lines).toHaveLength(STOCK + 3);
    expect(lines.filter((l) => l.pendingPrice !== null).length).toBeGreaterThan(40);
    expect(lines.filter((l) => l.price === null).length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l.installments).length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.installments).length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.unchanged)).size).toBeGreaterThan(2);
  });

  it('over the whole stock and filtered views, in their sorts: the same as the rule over every row', () => {
    // The listings the list shows, in its order (the naive reading's own check).
    const view: InventoryQuery = { text: '', filters: { type: ['C'] }, sort: { field: 'value', dir: 'desc' } };
    const listed = [0, MAX_WINDOW].flatMap((offset) => cache.queryVehicles({ ...view, window: { offset, limit: MAX_WINDOW } }).rows);
    expect(listed.length).toBeLessThan(2 * MAX_WINDOW);
    expect(cache.listingPrices({ query: view }).map((p) => p.reference)).toEqual(listed.map((r) => r.reference));
    expectSameAsNaive([
      { query: {} },
      { query: view },
      { query: { filters: { price: { min: 30_000, max: 80_000 } }, sort: { field: 'title', dir: 'asc' } } },
      { query: { text: 'flex' } },
      { query: { filters: { noPrice: true } } },
      { query: { text: 'no listing has this word' } },
    ]);
  });

  it('an explicit selection: the same listings, unknown and repeated references left out as the rows leave them', () => {
    const chosen = refs.filter((_, i) => i % 3 === 0).reverse();
    expectSameAsNaive([
      { references: chosen },
      { references: [refs[9]!, 'NOT-A-LISTING', refs[9]!, 'NO-PRICE-1', refs[1]!] },
      { references: ['NOT-A-LISTING'] },
    ]);
  });

  it('after a sync changed prices and installments, and an edit took a pending price back: read again', () => {
    const repricing = createRepricing(cache);
    const rule = RULES[2]!;
    const before = repricing.preview({ query: {} }, rule, 100_000);
    const changed = generateVehicles(STOCK, 33)
      .slice(0, 50)
      .map((v, i) => ({ ...v, value: i % 2 === 0 ? v.value + 777 : v.value, amountOfInstallments: i % 3 === 0 ? 0 : v.amountOfInstallments }));
    upsert(cache, changed);
    for (const change of cache.ledger.open().slice(0, 5)) cache.ledger.discard(change.id);
    const after = repricing.preview({ query: {} }, rule, 100_000);
    expect(after).not.toEqual(before);
    expect(after).toEqual(naivePreview(cache, { query: {} }, rule, 100_000));
  });
});
