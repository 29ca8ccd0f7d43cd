// Bulk repricing (issue #33): a rule over many listings' prices, and its preview, in one pure module
// the session (which saves the result as pending edits), the renderer's dialog and the CLI share.
// Amounts are worked in cents, so a percentage never leaves a fraction of a cent behind.
//
// What a rule does to one listing, in this order:
// 1. its change from the portal's price (set to, ± %, ± R$); a pending price the rule replaces is
//    not built upon: the rule is the dealer's word on the price, the pending one is set aside;
// 2. its rounding (to the nearest R$ 100, R$ 1,000, or number ending in 990), else to the cent;
// 3. its floor and ceiling: they stop a price the rule moves, never move one the rule leaves
//    inside them, and never push a price across its old value (a listing already under the floor
//    is not lowered, nor raised to it).
import { z } from 'zod';
import type { MessageCode } from './i18n/messages';
import { inventoryQuerySchema } from './inventory';
import { parseAmount } from './listing-write';

export const REPRICE_ROUNDINGS = ['100', '1000', '990'] as const;
export type RepriceRounding = (typeof REPRICE_ROUNDINGS)[number];

/** What to do with a listing that has a price change pending already. */
export const PENDING_CHOICES = ['skip', 'replace'] as const;
/** What to do with a changed listing's installments (their amounts are never recomputed). */
export const INSTALLMENT_CHOICES = ['keep', 'clear'] as const;

const amount = z.number().nonnegative().max(1e12);
export const repriceChangeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('set'), amount: amount.positive() }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().gt(-100).max(1000) }),
  z.strictObject({ kind: z.literal('amount'), amount: z.number().min(-1e12).max(1e12) }),
]);
export type RepriceChange = z.infer<typeof repriceChangeSchema>;

export const repriceRuleSchema = z
  .strictObject({
    change: repriceChangeSchema,
    round: z.enum(REPRICE_ROUNDINGS).nullable().default(null),
    min: amount.nullable().default(null),
    max: amount.nullable().default(null),
    pending: z.enum(PENDING_CHOICES).default('skip'),
    installments: z.enum(INSTALLMENT_CHOICES).default('keep'),
  })
  .refine((r) => r.min === null || r.max === null || r.min <= r.max, { path: ['max'], message: 'reprice.floorAboveCeiling' });
export type RepriceRule = z.output<typeof repriceRuleSchema>;
export type RepriceRuleInput = z.input<typeof repriceRuleSchema>;

/** A listing as the rule reads it. */
export interface RepriceListing {
  reference: string;
  title: string | null;
  /** The portal's price as last read (null: the listing has none). */
  price: number | null;
  /** The price of an open edit not confirmed yet (null: none). */
  pendingPrice: number | null;
  /** The listing has installments (their amounts stay as they are unless cleared). */
  installments: boolean;
}

/**
 * Why a rule leaves a listing as it is:
 * - noPrice: it has no price to start from;
 * - pending: a price change is pending and the dealer chose to skip those;
 * - same: the rule (after rounding and limits) gives the price it already has;
 * - notPositive: the rule gives zero or less;
 * - floor / ceiling: it is at or past the limit already, in the rule's direction.
 */
export const UNCHANGED_REASONS = ['noPrice', 'pending', 'same', 'notPositive', 'floor', 'ceiling'] as const;
export type UnchangedReason = (typeof UNCHANGED_REASONS)[number];

/** How each reason and limit reads (codes.reprice in the dictionaries). */
export const REASON_CODES = {
  noPrice: 'reprice.reasonNoPrice',
  pending: 'reprice.reasonPending',
  same: 'reprice.reasonSame',
  notPositive: 'reprice.reasonNotPositive',
  floor: 'reprice.reasonFloor',
  ceiling: 'reprice.reasonCeiling',
} as const satisfies Record<UnchangedReason, MessageCode>;
export const LIMITED_CODES = { floor: 'reprice.limitedFloor', ceiling: 'reprice.limitedCeiling' } as const satisfies Record<'floor' | 'ceiling', MessageCode>;

export type RepriceOutcome = { price: number; limited: 'floor' | 'ceiling' | null } | { unchanged: UnchangedReason };

export interface RepriceLine extends RepriceListing {
  /** The new price; null when unchanged. */
  newPrice: number | null;
  unchanged: UnchangedReason | null;
  /** The floor or the ceiling stopped the rule here. */
  limited: 'floor' | 'ceiling' | null;
}

export interface RepriceSummary {
  /** Listings the rule was asked about. */
  total: number;
  changed: number;
  /** The sum of new − old prices over the changed listings (the portal's old price). */
  totalChange: number;
  unchanged: Record<UnchangedReason, number>;
  /** Changed listings whose pending price the rule replaces. */
  replacing: number;
  /** Changed listings with installments (kept as they are, or cleared). */
  withInstallments: number;
  /** Changed listings stopped by the floor or the ceiling. */
  limited: number;
}

const cents = (reais: number): number => Math.round(reais * 100);
const reais = (c: number): number => c / 100;

/** The nearest number of whole `step` reais (half up). */
const nearest = (c: number, step: number): number => Math.round(c / (step * 100)) * step * 100;

function rounded(c: number, round: RepriceRounding | null): number {
  switch (round) {
    case null:
      return c;
    case '100':
      return nearest(c, 100);
    case '1000':
      return nearest(c, 1000);
    case '990':
      // The nearest R$ …990 (49.990, 50.990); never below R$ 990.
      return Math.max(1, Math.round((c + 1000) / 100_000)) * 100_000 - 1000;
  }
}

function changedBy(change: RepriceChange, c: number): number {
  switch (change.kind) {
    case 'set':
      return cents(change.amount);
    case 'percent':
      return Math.round((c * (100 + change.percent)) / 100);
    case 'amount':
      return c + cents(change.amount);
  }
}

/** What the rule makes of one listing's price. */
export function repriceOne(listing: Pick<RepriceListing, 'price' | 'pendingPrice'>, rule: RepriceRule): RepriceOutcome {
  if (listing.price === null) return { unchanged: 'noPrice' };
  if (listing.pendingPrice !== null && rule.pending === 'skip') return { unchanged: 'pending' };
  const old = cents(listing.price);
  let next = rounded(changedBy(rule.change, old), rule.round);
  let limited: 'floor' | 'ceiling' | null = null;
  if (rule.min !== null && next < cents(rule.min) && next < old) {
    if (old <= cents(rule.min)) return { unchanged: 'floor' };
    next = cents(rule.min);
    limited = 'floor';
  }
  if (rule.max !== null && next > cents(rule.max) && next > old) {
    if (old >= cents(rule.max)) return { unchanged: 'ceiling' };
    next = cents(rule.max);
    limited = 'ceiling';
  }
  if (next <= 0) return { unchanged: 'notPositive' };
  // Compared with what the listing will have: its pending price when one is there (replaced).
  if (next === cents(listing.pendingPrice ?? listing.price)) return { unchanged: 'same' };
  return { price: reais(next), limited };
}

export function emptySummary(): RepriceSummary {
  return {
    total: 0,
    changed: 0,
    totalChange: 0,
    unchanged: Object.fromEntries(UNCHANGED_REASONS.map((r) => [r, 0])) as Record<UnchangedReason, number>,
    replacing: 0,
    withInstallments: 0,
    limited: 0,
  };
}

/** The summary, one listing's outcome at a time (the change is summed in cents: it never drifts). */
export function repriceTally() {
  const summary = emptySummary();
  let changeCents = 0;
  return {
    add(listing: Pick<RepriceListing, 'price' | 'pendingPrice' | 'installments'>, outcome: RepriceOutcome): void {
      summary.total++;
      if ('unchanged' in outcome) {
        summary.unchanged[outcome.unchanged]++;
        return;
      }
      summary.changed++;
      changeCents += cents(outcome.price) - cents(listing.price as number);
      if (listing.pendingPrice !== null) summary.replacing++;
      if (listing.installments) summary.withInstallments++;
      if (outcome.limited !== null) summary.limited++;
    },
    summary(): RepriceSummary {
      return { ...summary, unchanged: { ...summary.unchanged }, totalChange: reais(changeCents) };
    },
  };
}

/** One listing's line: the listing, and what the rule makes of it. */
export function repriceLine(listing: RepriceListing, outcome: RepriceOutcome): RepriceLine {
  return 'unchanged' in outcome
    ? { ...listing, newPrice: null, unchanged: outcome.unchanged, limited: null }
    : { ...listing, newPrice: outcome.price, unchanged: null, limited: outcome.limited };
}

/** Every listing's line and the summary, in the listings' order. */
export function previewReprice(listings: readonly RepriceListing[], rule: RepriceRule): { summary: RepriceSummary; lines: RepriceLine[] } {
  const tally = repriceTally();
  const lines: RepriceLine[] = new Array<RepriceLine>(listings.length);
  for (let i = 0; i < listings.length; i++) {
    const listing = listings[i] as RepriceListing;
    const outcome = repriceOne(listing, rule);
    tally.add(listing, outcome);
    lines[i] = repriceLine(listing, outcome);
  }
  return { summary: tally.summary(), lines };
}

/**
 * A change as the dealer types it: `-5%`, `+2,5%`, `-500`, `+R$ 1.000`. Null when it is none of
 * those (a price to set is typed as an amount: parseAmount).
 */
export function parseRepriceBy(text: string): RepriceChange | null {
  const s = text.replace(/[\s\u00a0]/g, '');
  const sign = s.startsWith('-') || s.startsWith('\u2212') ? -1 : 1;
  const rest = s.replace(/^[+\-\u2212]/, '');
  if (rest.endsWith('%')) {
    const n = Number(rest.slice(0, -1).replace(',', '.'));
    if (rest.length < 2 || !Number.isFinite(n)) return null;
    const parsed = repriceChangeSchema.safeParse({ kind: 'percent', percent: sign * n });
    return parsed.success ? parsed.data : null;
  }
  const n = parseAmount(rest);
  if (n === null || n === 0) return null;
  return { kind: 'amount', amount: sign * n };
}

// ---- across the bridge ----

/** The listings a rule is asked about: the view on screen (its text and filters, in its sort; no window), or those selected. */
export const repriceScopeSchema = z.union([
  z.strictObject({ query: inventoryQuerySchema.omit({ window: true }) }),
  z.strictObject({ references: z.array(z.string().min(1).max(200)).min(1).max(200_000) }),
]);
export type RepriceScope = z.input<typeof repriceScopeSchema>;

export interface RepricePreviewView {
  /** Over every listing of the scope. */
  summary: RepriceSummary;
  /** The changed listings first, then the unchanged ones, at most as many as asked (summary.total says how many there are). */
  lines: RepriceLine[];
}

/** A rule's changes saved as pending edits: the batch that takes them back together. */
export interface RepriceSaved {
  batch: string;
  saved: number;
  summary: RepriceSummary;
}

/** What became of a batch of repriced listings. */
export interface RepriceBatchView {
  batch: string;
  total: number;
  /** Not sent yet (a send cut short included): the next sync sends them. */
  waiting: number;
  /** Accepted by the portal, not yet seen by a sync. */
  sent: number;
  /** A sync read the new price. */
  confirmed: number;
  discarded: number;
  /** Of the changes above, those a later edit of the dealer's joined: taking the batch back takes back only its price there and keeps that edit. */
  edited: number;
  /** Not counted above: changes with nothing of the batch's left (taken back, or the price typed over), only the dealer's later edit. */
  released: number;
  /** Refused by the portal, in its words (by field when it named one). */
  refused: Array<{
    reference: string;
    error: { code: string; params?: Readonly<Record<string, string | number>> } | null;
    fields: Readonly<Record<string, string>> | null;
  }>;
}
