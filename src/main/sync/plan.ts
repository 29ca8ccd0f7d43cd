// The plan as the last sync read it, for the Plan screen when the portal is not asked live.
import { PLAN_META_KEY } from '../../shared/attention';
import { planSchema, type Plan } from '../../shared/plan';
import type { Cache } from '../cache';

export { PLAN_META_KEY };

export interface CachedPlan {
  plan: Plan;
  /** ISO time the plan was read from the portal. */
  fetchedAt: string;
}

export function storePlan(cache: Cache, plan: Plan, fetchedAt: string): void {
  cache.meta.setJson(PLAN_META_KEY, { plan, fetchedAt });
  // The plan's photos per listing decide which listings have fewer than it allows (shared/attention.ts).
  cache.invalidate();
}

/** The plan the last sync read, or null (never synced, or the stored copy is unreadable). */
export function readCachedPlan(cache: Cache): CachedPlan | null {
  let stored: unknown;
  try {
    stored = cache.meta.getJson(PLAN_META_KEY);
  } catch {
    return null;
  }
  if (stored === null || typeof stored !== 'object') return null;
  const { plan, fetchedAt } = stored as { plan?: unknown; fetchedAt?: unknown };
  const parsed = planSchema.safeParse(plan);
  if (!parsed.success || typeof fetchedAt !== 'string') return null;
  return { plan: parsed.data, fetchedAt };
}
