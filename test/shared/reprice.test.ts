// Bulk repricing's rule (shared/reprice.ts): every change, rounding, floor and ceiling, and each
// reason a listing is left as it is.
import { describe, expect, it } from 'vitest';
import { parseRepriceBy, previewReprice, repriceOne, repriceRuleSchema, type RepriceListing, type RepriceRuleInput } from '../../src/shared/reprice';

const rule = (input: RepriceRuleInput) => repriceRuleSchema.parse(input);
const at = (price: number | null, pendingPrice: number | null = null) => ({ price, pendingPrice });

describe('the change', () => {
  it('sets a price', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'set', amount: 45_990 } }))).toEqual({ price: 45_990, limited: null });
  });
  it('lowers and raises by a percentage, to the cent', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'percent', percent: -5 } }))).toEqual({ price: 47_500, limited: null });
    expect(repriceOne(at(49_990), rule({ change: { kind: 'percent', percent: 3 } }))).toEqual({ price: 51_489.7, limited: null });
    expect(repriceOne(at(33_333.33), rule({ change: { kind: 'percent', percent: -10 } }))).toEqual({ price: 30_000, limited: null });
  });
  it('lowers and raises by an amount', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: -500 } }))).toEqual({ price: 49_500, limited: null });
    expect(repriceOne(at(50_000.5), rule({ change: { kind: 'amount', amount: 1_000 } }))).toEqual({ price: 51_000.5, limited: null });
  });
});

describe('rounding', () => {
  it('to the nearest R$ 100, half up', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: -449 }, round: '100' }))).toEqual({ price: 49_600, limited: null });
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: -450 }, round: '100' }))).toEqual({ price: 49_600, limited: null });
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: -451 }, round: '100' }))).toEqual({ price: 49_500, limited: null });
  });
  it('to the nearest R$ 1,000', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'percent', percent: -5 }, round: '1000' }))).toEqual({ price: 48_000, limited: null });
    expect(repriceOne(at(52_000), rule({ change: { kind: 'percent', percent: -5 }, round: '1000' }))).toEqual({ price: 49_000, limited: null });
  });
  it('to the nearest price ending in 990, never below R$ 990', () => {
    expect(repriceOne(at(52_000), rule({ change: { kind: 'percent', percent: -5 }, round: '990' }))).toEqual({ price: 48_990, limited: null });
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: 400 }, round: '990' }))).toEqual({ price: 49_990, limited: null });
    expect(repriceOne(at(50_000), rule({ change: { kind: 'amount', amount: 600 }, round: '990' }))).toEqual({ price: 50_990, limited: null });
    expect(repriceOne(at(900), rule({ change: { kind: 'amount', amount: -800 }, round: '990' }))).toEqual({ price: 990, limited: null });
  });
  it('a rounding back onto the price it has leaves it unchanged, saying so', () => {
    expect(repriceOne(at(49_990), rule({ change: { kind: 'amount', amount: -100 }, round: '990' }))).toEqual({ unchanged: 'same' });
  });
});

describe('floor and ceiling', () => {
  const lower = { change: { kind: 'percent', percent: -10 } } as const;
  const raise = { change: { kind: 'percent', percent: 10 } } as const;
  it('stop a lowered price at the floor', () => {
    expect(repriceOne(at(50_000), rule({ ...lower, min: 47_000 }))).toEqual({ price: 47_000, limited: 'floor' });
  });
  it('leave a listing at or under the floor as it is, never raising it to the floor', () => {
    expect(repriceOne(at(47_000), rule({ ...lower, min: 47_000 }))).toEqual({ unchanged: 'floor' });
    expect(repriceOne(at(30_000), rule({ ...lower, min: 47_000 }))).toEqual({ unchanged: 'floor' });
  });
  it('do not stop a raise that stays under the floor', () => {
    expect(repriceOne(at(30_000), rule({ ...raise, min: 47_000 }))).toEqual({ price: 33_000, limited: null });
  });
  it('stop a raised price at the ceiling, and leave one over it as it is', () => {
    expect(repriceOne(at(50_000), rule({ ...raise, max: 52_000 }))).toEqual({ price: 52_000, limited: 'ceiling' });
    expect(repriceOne(at(60_000), rule({ ...raise, max: 52_000 }))).toEqual({ unchanged: 'ceiling' });
    expect(repriceOne(at(60_000), rule({ ...lower, max: 52_000 }))).toEqual({ price: 54_000, limited: null });
  });
  it('apply to a price set, too', () => {
    expect(repriceOne(at(50_000), rule({ change: { kind: 'set', amount: 30_000 }, min: 40_000 }))).toEqual({ price: 40_000, limited: 'floor' });
    expect(repriceOne(at(50_000), rule({ change: { kind: 'set', amount: 90_000 }, max: 60_000 }))).toEqual({ price: 60_000, limited: 'ceiling' });
  });
  it('a floor above the ceiling is refused, naming the ceiling', () => {
    const result = repriceRuleSchema.safeParse({ change: { kind: 'set', amount: 1 }, min: 50_000, max: 40_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['max'], message: 'reprice.floorAboveCeiling' });
  });
});

describe('left unchanged, and why', () => {
  it('a listing without a price', () => {
    expect(repriceOne(at(null), rule({ change: { kind: 'set', amount: 10_000 } }))).toEqual({ unchanged: 'noPrice' });
  });
  it('a result of zero or less', () => {
    expect(repriceOne(at(400), rule({ change: { kind: 'amount', amount: -500 } }))).toEqual({ unchanged: 'notPositive' });
    expect(repriceOne(at(500), rule({ change: { kind: 'amount', amount: -500 } }))).toEqual({ unchanged: 'notPositive' });
    expect(repriceOne(at(400), rule({ change: { kind: 'amount', amount: -500 }, round: '1000' }))).toEqual({ unchanged: 'notPositive' });
  });
  it('a price the rule gives already', () => {
    expect(repriceOne(at(45_000), rule({ change: { kind: 'set', amount: 45_000 } }))).toEqual({ unchanged: 'same' });
    expect(repriceOne(at(0), rule({ change: { kind: 'percent', percent: -5 } }))).toEqual({ unchanged: 'notPositive' });
  });
  it('a pending price change: skipped, or replaced from the portal price', () => {
    const lower = { change: { kind: 'amount', amount: -1_000 } } as const;
    expect(repriceOne(at(50_000, 48_000), rule(lower))).toEqual({ unchanged: 'pending' });
    expect(repriceOne(at(50_000, 48_000), rule({ ...lower, pending: 'replace' }))).toEqual({ price: 49_000, limited: null });
    // Replacing with what is pending already changes nothing.
    expect(repriceOne(at(50_000, 49_000), rule({ ...lower, pending: 'replace' }))).toEqual({ unchanged: 'same' });
    // Back to the portal's price: the pending change is replaced by it.
    expect(repriceOne(at(50_000, 48_000), rule({ change: { kind: 'set', amount: 50_000 }, pending: 'replace' }))).toEqual({ price: 50_000, limited: null });
  });
});

describe('the preview', () => {
  const listing = (reference: string, price: number | null, extra: Partial<RepriceListing> = {}): RepriceListing => ({
    reference,
    title: reference,
    price,
    pendingPrice: null,
    installments: false,
    ...extra,
  });
  it('counts the changed listings, the total change and each reason, in the listings order', () => {
    const { summary, lines } = previewReprice(
      [
        listing('A', 50_000, { installments: true }),
        listing('B', null),
        listing('C', 30_000, { pendingPrice: 29_000 }),
        listing('D', 20_000),
        listing('E', 41_000),
      ],
      rule({ change: { kind: 'percent', percent: -10 }, min: 20_000 }),
    );
    expect(lines.map((l) => [l.reference, l.newPrice, l.unchanged, l.limited])).toEqual([
      ['A', 45_000, null, null],
      ['B', null, 'noPrice', null],
      ['C', null, 'pending', null],
      ['D', null, 'floor', null],
      ['E', 36_900, null, null],
    ]);
    expect(summary).toEqual({
      total: 5,
      changed: 2,
      totalChange: -9_100,
      unchanged: { noPrice: 1, pending: 1, same: 0, notPositive: 0, floor: 1, ceiling: 0 },
      replacing: 0,
      withInstallments: 1,
      limited: 0,
    });
  });
  it('counts the replaced pending prices and the limited listings', () => {
    const { summary } = previewReprice(
      [listing('A', 50_000, { pendingPrice: 49_000 }), listing('B', 21_000)],
      rule({ change: { kind: 'percent', percent: -10 }, min: 20_000, pending: 'replace' }),
    );
    expect(summary).toMatchObject({ changed: 2, replacing: 1, limited: 1, totalChange: -6_000 });
  });
  it('an empty selection', () => {
    expect(previewReprice([], rule({ change: { kind: 'set', amount: 1 } })).summary).toMatchObject({ total: 0, changed: 0, totalChange: 0 });
  });
});

describe('a change as typed', () => {
  it.each([
    ['-5%', { kind: 'percent', percent: -5 }],
    ['+2,5%', { kind: 'percent', percent: 2.5 }],
    ['10%', { kind: 'percent', percent: 10 }],
    ['-500', { kind: 'amount', amount: -500 }],
    ['+R$ 1.000', { kind: 'amount', amount: 1_000 }],
    ['\u2212 1.500,50', { kind: 'amount', amount: -1_500.5 }],
  ])('%s', (text, change) => {
    expect(parseRepriceBy(text)).toEqual(change);
  });
  it.each(['', '%', '-100%', 'abc', '-0', '5%%', '-R$'])('refuses %j', (text) => {
    expect(parseRepriceBy(text)).toBeNull();
  });
});
