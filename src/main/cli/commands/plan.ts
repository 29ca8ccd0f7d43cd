// plan: the dealer's plan and its use, live from the portal when it answers, otherwise the copy
// the last sync read (and the output says which).
import { isTransient } from '../../../shared/error-policy';
import { fromErrorShape } from '../../../shared/errors';
import { textOf, textsIn } from '../../../shared/i18n/messages';
import { str, type Command } from '../command';
import { EXIT } from '../exit-codes';
import { labelledLines } from '../io';

export const plan: Command = {
  name: 'plan',
  summary: 'cliHelp.planSummary',
  usage: 'plan [--offline] [--json]',
  options: { offline: { type: 'boolean' } },
  async run(ctx, { values }) {
    const { session } = await ctx.open(await ctx.account(str(values.account)));
    const result = await session.plan({ refresh: values.offline !== true });
    const failure = result?.notLiveBecause;
    // A passing failure (offline, the portal down): the last sync's copy. A refused token is said as such.
    if (failure && !isTransient(failure.kind)) throw fromErrorShape(failure);
    const language = await ctx.language();
    const t = textsIn(language);
    if (!result) {
      ctx.out.note(t('cli.noPlan'));
      return EXIT.notFound;
    }
    if (failure) ctx.out.note(t('cli.planNotLive', { why: textOf(language, failure) }));
    if (ctx.json) {
      ctx.out.json(result);
      return EXIT.ok;
    }
    const u = result.usage;
    const lines = labelledLines([
      [t('cli.planName'), u.name],
      [t('cli.planListings'), t('cli.usedOf', u.listings)],
      [t('cli.planHighlights'), t('cli.usedOf', u.highlights)],
      [t('cli.planPhotos'), t('cli.photosPerListing', { count: u.picturesPerListing })],
      [t('cli.planSource'), t(result.live ? 'cli.sourceLive' : 'cli.sourceCopy', { at: result.fetchedAt })],
    ]);
    for (const line of lines) ctx.out.line(line);
    return EXIT.ok;
  },
};
