// plan: the dealer's plan and its use, live from the portal when it answers, otherwise the copy
// the last sync read (and the output says which).
import { isTransient } from '../../../shared/error-policy';
import { fromErrorShape } from '../../../shared/errors';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';

export const plan: Command = {
  name: 'plan',
  summary: 'The plan and its use: live when online, else from the last sync',
  usage: 'plan [--offline] [--json]',
  options: { offline: { type: 'boolean' } },
  async run(ctx, { values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const result = await session.plan({ refresh: values.offline !== true });
    const failure = result?.notLiveBecause;
    // A passing failure (offline, the portal down): the last sync's copy. A refused token is said as such.
    if (failure && !isTransient(failure.kind)) throw fromErrorShape(failure);
    const why = failure?.message ?? null;
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
    ctx.out.line(
      result.live
        ? `Source:        live from the portal (${result.fetchedAt})`
        : `Source:        the copy read at the last sync (${result.fetchedAt}), not live`,
    );
    return EXIT.ok;
  },
};
