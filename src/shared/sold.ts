// Listings that left the inventory, kept with their last data: sold (the dealer marked the sale and
// the portal deleted the listing) or removed (the portal deleted it without a sale mark).
import { z } from 'zod';

export const DEPARTURES = ['sold', 'removed'] as const;

/** The change kind that marks a listing sold (main/changes/kinds/sell.ts). */
export const SELL_KIND = 'sell';
export type Departure = (typeof DEPARTURES)[number];

export interface DepartedListingView {
  reference: string;
  title: string | null;
  brand: string | null;
  type: string | null;
  /** The last price the portal showed. */
  price: number | null;
  mileage: number | null;
  modelYear: number | null;
  /** 'pending': marked sold, the portal has not deleted it yet (it left the inventory at once; Cancel takes it back). */
  leftAs: Departure | 'pending';
  /** When a sync found it gone (ISO); a pending sale's: when it was marked. */
  leftAt: string;
  /** When the dealer marked the sale (ISO); null for a removed listing. */
  soldAt: string | null;
  /** A pending sale's change: `sent` once the portal accepted it (no longer cancellable). Null once it left. */
  sale: { changeId: number; sent: boolean } | null;
  /** Whole days from its first day in stock to its sale (or its removal); null when no day is known. */
  daysInStock: number | null;
  /** Its first day in stock is a lower bound (it was there at the account's first sync): "at least". */
  daysAtLeast: boolean;
}

/** The most rows one read of the Sold view returns (an export reads every match, in windows of this size). */
export const DEPARTED_LIMIT_MAX = 10_000;

/** The Sold view's search: text over reference, title and brand; which departures; vehicle types. */
export const departedQuerySchema = z
  .object({
    search: z.string().max(200).optional(),
    leftAs: z.array(z.enum(DEPARTURES)).optional(),
    type: z.array(z.string().max(20)).max(20).optional(),
    limit: z.number().int().positive().max(DEPARTED_LIMIT_MAX).optional(),
  })
  .strict();
export type DepartedQuery = z.infer<typeof departedQuerySchema>;

export interface DepartedResult {
  rows: DepartedListingView[];
  /** Every match, beyond the rows' limit. */
  total: number;
}

/** What marking listings as sold came to, listing by listing. */
export interface SaleOutcome {
  reference: string;
  outcome: 'sent' | 'queued' | 'refused';
  changeId: number | null;
  code: string;
  params?: Readonly<Record<string, string | number>>;
}
