// The dealer's plan (GET /clients/plan, shape from portal-notes.md). Unknown extra fields are kept.
import { z } from 'zod';
import type { InventoryFilters } from './inventory-filters';

const quantity = z.number().int().nonnegative();

export const planSchema = z
  .object({
    currentPlan: z.object({ name: z.string(), pictureQuantity: quantity, adsQuantity: quantity, highlightsQuantity: quantity }).loose(),
    available: z.object({ adsQuantity: z.number().int(), highlightsQuantity: z.number().int() }).loose(),
  })
  .loose();

export type Plan = z.infer<typeof planSchema>;

export interface PlanUsage {
  name: string;
  listings: { used: number; limit: number };
  highlights: { used: number; limit: number };
  picturesPerListing: number;
}

/** Used = limit − available, floored at 0 (`available` may lag by minutes). */
export function planUsage(plan: Plan): PlanUsage {
  const used = (limit: number, available: number) => Math.max(0, Math.min(limit, limit - available));
  return {
    name: plan.currentPlan.name,
    listings: { used: used(plan.currentPlan.adsQuantity, plan.available.adsQuantity), limit: plan.currentPlan.adsQuantity },
    highlights: { used: used(plan.currentPlan.highlightsQuantity, plan.available.highlightsQuantity), limit: plan.currentPlan.highlightsQuantity },
    picturesPerListing: plan.currentPlan.pictureQuantity,
  };
}

/**
 * The listings whose change frees each kind of room in the plan, as inventory filters: a listing
 * slot is freed by unpublishing a listing on the portal (one whose unpublish is pending frees it
 * already), a highlight by removing one.
 */
export const FREES_ROOM = {
  listings: { portal: ['on'] },
  highlights: { highlighted: true },
} as const satisfies Record<keyof Pick<PlanUsage, 'listings' | 'highlights'>, InventoryFilters>;
