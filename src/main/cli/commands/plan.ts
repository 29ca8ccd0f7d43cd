// plan: the dealer's plan and its use, live from the portal when it answers, otherwise the copy
// the last sync read (and the output says which).
import { isTransient } from '../../../shared/error-policy';
import { toErrorShape } from '../../../shared/errors';
import { planUsage, type Plan } from '../../../shared/plan';
import type { PlanView } from '../../../shared/views';
import { readCachedPlan } from '../../sync';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';

const view = (plan: Plan, fetchedAt: string, live: boolean): PlanView => ({ usage: planUsage(plan), raw: plan, fetchedAt, live });

export const plan: Command = {
  name: 'plan',
  summary: 'The plan and its use: live when online, else from the last sync',
  usage: 'plan [--offline] [--json]',
  options: { offline: { type: 'boolean' } },
  async run(ctx, { values }) {
    const { cache, portal } = await ctx.open(await ctx.account(str(values.account)));
    let result: PlanView | null = null;
    let why: string | null = null;
    if (values.offline !== true) {
      try {
        result = view(await portal.getPlan({ signal: ctx.signal }), new Date().toISOString(), true);
      } catch (error) {
        const shape = toErrorShape(error);
        if (!isTransient(shape.kind)) throw error;
        why = shape.message;
        const cached = readCachedPlan(cache);
        if (!cached) throw error;
        result = view(cached.plan, cached.fetchedAt, false);
      }
    } else {
      const cached = readCachedPlan(cache);
      if (cached) result = view(cached.plan, cached.fetchedAt, false);
    }
    if (!result) {
      ctx.out.note('No plan is known yet: sync once while online.');
      return EXIT.notFound;
    }
    if (why) ctx.out.note(`The portal could not be asked (${why}); showing the last synced copy.`);
    if (ctx.json) {
      ctx.out.json(result);
      return EXIT.ok;
    }
    const u = result.usage;
    ctx.out.line(`Plan:          ${u.name}`);
    ctx.out.line(`Listings:      ${u.listings.used} of ${u.listings.limit}`);
    ctx.out.line(`Highlights:    ${u.highlights.used} of ${u.highlights.limit}`);
    ctx.out.line(`Photos:        up to ${u.picturesPerListing} per listing`);
    ctx.out.line(result.live ? `Source:        live from the portal (${result.fetchedAt})` : `Source:        the copy read at the last sync (${result.fetchedAt}), not live`);
    return EXIT.ok;
  },
};
