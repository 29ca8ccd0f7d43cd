// The dealer's plan: live from the portal when asked and reachable, otherwise the copy the last
// sync read (marked as not live).
import { planUsage, type Plan } from '../../shared/plan';
import type { PlanView } from '../../shared/views';
import type { Handlers } from '../ipc/gate';
import type { BackendContext } from './context';
import { readCachedPlan, storePlan } from './engines';
import type { Session } from './session';

const view = (plan: Plan, fetchedAt: string, live: boolean): PlanView => ({ usage: planUsage(plan), raw: plan, fetchedAt, live });

function cachedPlan(session: Session): PlanView | null {
  const cached = readCachedPlan(session.cache);
  return cached && view(cached.plan, cached.fetchedAt, false);
}

export function planHandlers(ctx: BackendContext): Pick<Handlers, 'plan.get'> {
  return {
    'plan.get': async ({ refresh }) => {
      const session = ctx.sessions.require();
      if (!refresh) return cachedPlan(session);
      try {
        const plan = await session.portal.getPlan({ signal: session.signal });
        const fetchedAt = new Date().toISOString();
        // Kept as "the last known plan" for when the portal cannot be asked.
        storePlan(session.cache, plan, fetchedAt);
        return view(plan, fetchedAt, true);
      } catch (error) {
        const kind = await ctx.notePortalError(session, error);
        const cached = kind === 'cancelled' ? null : cachedPlan(session);
        if (cached) return cached;
        throw error;
      }
    },
  };
}
